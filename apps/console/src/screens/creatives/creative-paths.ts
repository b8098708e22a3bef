// The creative editor's addresses, one place for the route table, the links and the breadcrumbs: a
// stored creative at its id, a creative not yet stored at `new` (docs/console.md, "A new creative").
// No import here, so the route table's first load carries nothing of the editor.

/** The segment in place of a creative's id while it is not yet stored (no server id is `new`). */
export const NEW_CREATIVE_SEGMENT = 'new';

export const creativePath = (campaignID: string, creativeID: string) =>
  `/campaigns/${campaignID}/creative/${creativeID}`;

/** The editor of a creative not yet stored: its first save creates it. */
export const newCreativePath = (campaignID: string) => creativePath(campaignID, NEW_CREATIVE_SEGMENT);
