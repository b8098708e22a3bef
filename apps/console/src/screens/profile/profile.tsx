// /profile: who is signed in, and signing out (which also ends the server session).
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import { useNavigate } from 'react-router-dom';
import { signOut, useSession } from '../../session/session';

export function ProfilePage() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;
  const { user } = session;
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="font-semibold text-2xl">Profile</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            {user.first_name} {user.last_name}
          </CardTitle>
          <CardDescription>{user.email}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm">
            Role: {user.role === 'admin' ? 'Administrator' : 'User'}
          </p>
          <Button
            variant="outline"
            onClick={async () => {
              await signOut();
              navigate('/signin', { replace: true });
            }}
          >
            Sign out
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
