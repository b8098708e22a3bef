// The demo pages' profile card (docs/product.md §1, demo pages): a sample person, built from the library's parts.
import { Avatar, Badge, Card, CardContent, CardDescription, CardHeader } from '@adconsole/ui';

export function DemoProfileCard() {
  return (
    <Card data-slot="demo-profile-card">
      <CardHeader className="flex flex-row items-center gap-4">
        <Avatar name="Ada Lovelace" size="lg" />
        <div className="grid gap-1">
          <h2 className="font-semibold leading-tight">Ada Lovelace</h2>
          <CardDescription>Campaign manager · London</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Badge variant="secondary">42 campaigns</Badge>
        <Badge variant="success">Online</Badge>
        <Badge variant="outline">Sample content</Badge>
      </CardContent>
    </Card>
  );
}
