// The exact texts of docs/product.md §5 and §8; tests and stories compare against these.

export const MESSAGES = {
  fillInYourEmail: 'Fill in your email',
  loginPassword: 'Fill in your password at least 6 characters long',
  /** docs/product.md §5 gives no text for this change-password rule; the login wording is reused. */
  changePasswordPassword: 'Fill in your password at least 6 characters long',
  repeatYourPassword: 'Repeat your password',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidEmail: 'Invalid email!',
  invalidUrl: 'Invalid URL!',
  fillInYourNames: 'Fill in your names',
  fillInYourEmailCorrectly: 'Fill in your email correctly',
  fillInYourPassword: 'Fill in your password',
  fillInBothPasswords: 'Fill in both your passwords the same way',
  acceptTheTerms: 'You have to accept the terms!',
  noLiveIdsSet: 'No live ids set',
  incorrectCampaignOrCreative: 'Incorrect campaign or creative!',
  noData: 'No data',
  noCreativeFoundYet: 'No creative found yet!',
  noCampaign: 'No campaign',
  campaignNotFound: 'Campaign not found!',
  signUpFailed: 'Sign up failed!',
  signInFailed: 'Sign in failed!',
  verificationFailed: 'Verification failed!',
  emailVerified: 'Email verified! Sign in below',
  requestTimedOut: 'Request timed out',
  reportErrorTitle: 'Error!',
  reportErrorText: "Couldn't receive reporting! Please try again.",
  /** Beyond (docs/product.md §8): a share link that does not exist, expired or was revoked. */
  shareLinkInvalid: 'This share link is invalid, expired or revoked.',
  welcomeBackTitle: 'Welcome back!',
  welcomeBackText: 'There has been a new release of bug fixes and some extra features.',
  /** Beyond (docs/product.md §8): a creative is published only once it has somewhere for its clicks to go. */
  landingPageRequired: 'Add the landing page URL before publishing',
  /** Beyond (docs/product.md §8): a new password on the list of the 10,000 most common ones is refused. */
  commonPassword: 'This password is one of the most common ones: choose one that is harder to guess.',
  /** Beyond (docs/product.md §8): changing the password while signed in asks for the current one. */
  fillInCurrentPassword: 'Fill in your current password',
  currentPasswordWrong: 'Your current password is not correct.',
  /** Beyond (docs/product.md §8): an administrator disabled the account. */
  accountDisabled: 'This account is disabled: ask an administrator of your company to enable it again.',
  /** Beyond (docs/product.md §8): an administrator cannot demote, disable or delete their own account. */
  notOwnAccount:
    'You cannot change your own role, disable or delete your own account: ask another administrator.',
  userNotFound: 'This user does not exist (any more).',
  /** Beyond (docs/product.md §8): JSON nested deeper than any call takes is refused before it is read. */
  jsonTooDeep: 'The request body is nested too deeply.',
  /** Beyond (docs/product.md §8): an address or headers past what the server reads (16 KB). */
  requestHeadersTooLarge: 'The request address or its headers are too long.',
  /** Beyond (docs/product.md §8): a request the HTTP parser cannot read at all. */
  requestUnreadable: 'The request could not be read.',
} as const;

/** Beyond (docs/product.md §8): an account that owns campaigns is not deleted with them. */
export const userOwnsCampaignsMessage = (count: number): string =>
  `This user owns ${count} campaign${count === 1 ? '' : 's'}: delete ${count === 1 ? 'it' : 'them'} first, or disable the user instead.`;

/**
 * Beyond (docs/product.md §8): a text holding half of a UTF-16 surrogate pair (not Unicode text) is
 * refused rather than stored with the half replaced by U+FFFD.
 */
export const loneSurrogateMessage = (field: string): string =>
  `${field} holds a broken character (half of a UTF-16 surrogate pair): check the text and send it again.`;

/** 'Only {host} emails allowed!' with the company host filled in. */
export const onlyHostEmailsAllowed = (host: string): string => `Only ${host} emails allowed!`;

/** A webhook's URL that is not an absolute http(s) URL without credentials. */
export const webhookUrlMessage =
  'A webhook URL must be an absolute http:// or https:// address without a user name or password.';

/**
 * A webhook pointing at a private, loopback or link-local address (or a name that resolves to one): an
 * ad console must not become a way into the network it runs in (server-side request forgery).
 */
export const webhookPrivateAddressMessage = (host: string): string =>
  `The webhook's host ${host} is a private, loopback or link-local address: point it at a public receiver, or ask an admin to allow the host.`;
