// /profile: the signed-in user's names and password (ProfileForm), and signing out (which also ends
// the server session). Each form says whether it saved, in its own success or error alert.
import { errorMessage } from '@adconsole/domain';
import { ProfileForm } from '@adconsole/forms';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import { useNavigate } from 'react-router-dom';
import { signOut, useSession } from '../../session/session';
import { useChangeOwnPassword, useUpdateProfile } from './profile-queries';

const PROFILE_SAVED = 'Your profile has been saved.';

export function ProfilePage() {
  const session = useSession();
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangeOwnPassword();
  if (!session) return null;
  const { user } = session;
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="font-semibold text-2xl">Profile</h1>
      <Card>
        <CardHeader>
          <CardTitle level={2}>
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
      <Card>
        <CardContent className="pt-6">
          <ProfileForm
            defaultValues={{ firstName: user.first_name, lastName: user.last_name, email: user.email }}
            onSubmit={async (names) => {
              changePassword.reset();
              await updateProfile.mutateAsync(names).catch(() => undefined);
            }}
            serverError={
              updateProfile.isError
                ? errorMessage(updateProfile.error, 'Your profile could not be saved.')
                : null
            }
            successMessage={updateProfile.isSuccess ? PROFILE_SAVED : null}
            onChangePassword={async (values) => {
              updateProfile.reset();
              return changePassword.mutateAsync(values).then(
                () => true,
                () => false,
              );
            }}
            passwordServerError={
              changePassword.isError
                ? errorMessage(changePassword.error, 'Your password could not be changed.')
                : null
            }
            passwordSuccessMessage={changePassword.data?.message ?? null}
          />
        </CardContent>
      </Card>
    </div>
  );
}
