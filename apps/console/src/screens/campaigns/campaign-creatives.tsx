// The campaign page's creatives (docs/product.md §2, "Campaign page"): each one's name, type, size,
// platform, whether it is live, its creative QA in one word (docs/builder.md, "Creative QA": the campaign's
// answer carries it, no request per creative), and the owner's Duplicate and Delete. Read-only (a
// client's view, docs/security.md "Client access"): no actions, no "Create a creative". Props in.
import { type Creative, platforms } from '@adconsole/domain';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { Link } from 'react-router-dom';
import { ConfirmDelete } from '../../components/confirm-delete';
import { creativePath, newCreativePath } from '../creatives/creative-paths';
import { CreativeQaBadge } from '../creatives/creative-qa-badge';

const platformName = (id: string | null | undefined) =>
  platforms.find((platform) => platform.id === id)?.name ?? 'No platform';

export interface CampaignCreativesProps {
  campaignID: string;
  creatives: readonly Creative[];
  /** A client's view: no Duplicate, Delete or "Create a creative". */
  readOnly: boolean;
  onDuplicate: (creative: Creative) => void;
  /** The creative whose copy is being made: its Duplicate is busy. */
  duplicatingID?: string | undefined;
  onDelete: (creative: Creative) => void;
}

export function CampaignCreatives({
  campaignID,
  creatives,
  readOnly,
  onDuplicate,
  duplicatingID,
  onDelete,
}: CampaignCreativesProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Creatives</CardTitle>
      </CardHeader>
      <CardContent>
        {creatives.length === 0 ? (
          <EmptyState
            title="No creatives yet"
            description={
              readOnly
                ? 'Its creatives show here once they are made.'
                : 'Build a Banner, VAST or VPAID creative, publish it and get its ad tags.'
            }
            action={
              readOnly ? undefined : (
                <Button asChild>
                  <Link to={newCreativePath(campaignID)}>Create a creative</Link>
                </Button>
              )
            }
          />
        ) : (
          <Table aria-label="Creatives">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Size</TableHead>
                <TableHead>Platform</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>QA</TableHead>
                {readOnly ? null : (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {creatives.map((creative) => (
                <CreativeRow
                  key={creative.id}
                  campaignID={campaignID}
                  creative={creative}
                  readOnly={readOnly}
                  onDuplicate={() => onDuplicate(creative)}
                  duplicating={duplicatingID === creative.id}
                  onDelete={() => onDelete(creative)}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function CreativeRow({
  campaignID,
  creative,
  readOnly,
  onDuplicate,
  duplicating,
  onDelete,
}: {
  campaignID: string;
  creative: Creative;
  /** A client's view: no Duplicate, no Delete. */
  readOnly: boolean;
  onDuplicate: () => void;
  /** Its copy is being made: the button is busy. */
  duplicating: boolean;
  onDelete: () => void;
}) {
  const live = creative.liveCreatives.length;
  return (
    <TableRow>
      <TableCell>
        <Link to={creativePath(campaignID, creative.id)} className="font-medium text-primary hover:underline">
          {creative.name}
        </Link>
      </TableCell>
      <TableCell>{creative.type}</TableCell>
      <TableCell>{creative.fluid ? 'Fluid' : creative.size}</TableCell>
      <TableCell>{platformName(creative.platform)}</TableCell>
      <TableCell>
        {live > 0 ? <Badge variant="success">Live ({live})</Badge> : <Badge variant="secondary">Draft</Badge>}
      </TableCell>
      <TableCell>
        <CreativeQaBadge summary={creative.qa} />
      </TableCell>
      {readOnly ? null : (
        <TableCell className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onDuplicate}
            loading={duplicating}
            aria-label={`Duplicate ${creative.name}`}
          >
            Duplicate
          </Button>
          <ConfirmDelete
            name={creative.name}
            what="creative"
            consequence="Its assets and live creatives are removed, and its ad tags stop serving."
            onConfirm={onDelete}
          />
        </TableCell>
      )}
    </TableRow>
  );
}
