// The texts of client access (docs/security.md, "Client access"): a part of the one catalogue, spread
// into MESSAGES (messages.ts) as the account and advertiser texts are.
import { registerProductTexts } from './product-texts';

/** The texts of client access. */
export const CLIENT_MESSAGES = {
  notForClients: 'Client accounts cannot do this.',
  clientRoleFixed:
    "A client's role comes from its invitation: delete the account and invite the address again to change it.",
  clientNeedsAdvertisers: 'Choose at least one advertiser for a client.',
  advertisersOnlyForClients: 'Only a client invitation names advertisers.',
  notAClient: 'This account is not a client.',
  unknownAdvertisers: 'One of the advertisers does not exist.',
  advertisersNotChanged: "The client's advertisers could not be changed.",
} as const;
registerProductTexts(CLIENT_MESSAGES);
