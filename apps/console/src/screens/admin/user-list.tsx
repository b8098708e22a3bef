// /admin: every user with role, verification and last login (admins only; the server enforces it).
import { errorMessage } from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { Link } from 'react-router-dom';
import { formatDay } from '../campaigns/format';
import { useUsers } from './admin-queries';

export function UserListPage() {
  const users = useUsers();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">Users</h1>
        <Button asChild>
          <Link to="/admin/invite">Invite users</Link>
        </Button>
      </div>
      {users.isError ? (
        <Alert variant="danger">
          <AlertDescription>{errorMessage(users.error, 'The users could not be loaded.')}</AlertDescription>
        </Alert>
      ) : users.isPending ? (
        <Skeleton className="h-40" aria-label="Loading users" />
      ) : (
        <Table aria-label="Users">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>E-mail</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Verified</TableHead>
              <TableHead>Last login</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.data.map((user) => (
              <TableRow key={user.email}>
                <TableCell>
                  {user.first_name} {user.last_name}
                </TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>
                  <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{user.role}</Badge>
                </TableCell>
                <TableCell>{user.verified ? 'Yes' : 'Not yet'}</TableCell>
                <TableCell>{formatDay(user.lastLogin)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
