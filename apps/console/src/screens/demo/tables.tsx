// /tables (admin menu): a demo page of sample content: a sortable, paginated table and the profile
// card, built only from the library's components.
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  nextTableSort,
  Pagination,
  SortableTableHead,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableRow,
  type TableSort,
  tableSortOf,
} from '@adconsole/ui';
import { useState } from 'react';
import { type DemoMember, demoMembers } from './demo-data';
import { DemoProfileCard } from './profile-card';

const DEMO_PAGE_SIZE = 8;

type SortKey = keyof Pick<DemoMember, 'name' | 'role' | 'status' | 'joined'>;
const columns: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role' },
  { key: 'status', label: 'Status' },
  { key: 'joined', label: 'Joined' },
];

/** The members in the chosen order; ties keep the sample's order, so a sort is stable. */
function sortMembers(members: readonly DemoMember[], key: SortKey, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => sign * a.member[key].localeCompare(b.member[key]) || a.index - b.index)
    .map(({ member }) => member);
}

export function TablesPage() {
  const [sort, setSort] = useState<TableSort<SortKey>>({
    key: 'name',
    direction: 'asc',
  });
  const [page, setPage] = useState(1);
  const sorted = sortMembers(demoMembers, sort.key, sort.direction);
  const pageCount = Math.ceil(sorted.length / DEMO_PAGE_SIZE);
  const rows = sorted.slice((page - 1) * DEMO_PAGE_SIZE, page * DEMO_PAGE_SIZE);
  return (
    <div className="grid gap-6">
      <h1 className="font-semibold text-2xl">Tables</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader>
            <h2 className="font-semibold leading-tight">Team members</h2>
            <CardDescription>Sample content: sort by a column, move between pages.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Table aria-label="Team members">
              <TableHeader>
                <TableRow>
                  {columns.map((column) => (
                    <SortableTableHead
                      key={column.key}
                      sorted={tableSortOf(sort, column.key)}
                      onSort={() => {
                        setSort(nextTableSort(sort, column.key));
                        setPage(1);
                      }}
                    >
                      {column.label}
                    </SortableTableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((member) => (
                  <TableRow key={member.email}>
                    <TableCell>
                      <div className="font-medium">{member.name}</div>
                      <div className="text-muted-foreground text-xs">{member.email}</div>
                    </TableCell>
                    <TableCell>{member.role}</TableCell>
                    <TableCell>
                      <Badge variant={member.status === 'Online' ? 'success' : 'secondary'}>
                        {member.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="tabular-nums">{member.joined}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
          </CardContent>
        </Card>
        <div>
          <DemoProfileCard />
        </div>
      </div>
    </div>
  );
}
