import { Outlet, useNavigation } from 'react-router-dom';
import { PageProgress } from '../components/page-progress';

/** Every console page: a progress line while a lazy screen or the guard is under way. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <PageProgress /> : null}
      <Outlet />
    </>
  );
}
