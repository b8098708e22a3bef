// The campaign page's owner's cards while they wait (campaign-owner-cards.tsx): each card's heading and a
// placeholder about the size of its content. Apart from the cards, so the page's first load draws the
// placeholders without the cards' code.
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';

/** The owner's cards in the page's order, with the heading and height each shows while it waits. */
const CARDS = [
  { title: 'Preview link', height: 'h-28' },
  { title: 'Delivery rules', height: 'h-40' },
  { title: 'Placements', height: 'h-40' },
  { title: 'Conversions', height: 'h-40' },
  { title: 'History', height: 'h-64' },
] as const;

export type CampaignCardTitle = (typeof CARDS)[number]['title'];

/** A card while it waits: its heading, and a placeholder about the size of its content. */
export function CampaignCardPlaceholder({ title }: { title: CampaignCardTitle }) {
  const height = CARDS.find((card) => card.title === title)?.height;
  return (
    <Card data-slot="card-placeholder">
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <Skeleton className={`${height} w-full`} />
      </CardContent>
    </Card>
  );
}

/** Every owner's card waiting, as the page shows them while their code is on its way. */
export function CampaignOwnerCardsPlaceholder() {
  return (
    <>
      {CARDS.map((card) => (
        <CampaignCardPlaceholder key={card.title} title={card.title} />
      ))}
    </>
  );
}
