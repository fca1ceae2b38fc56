import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { env } from '../../../config/env';
import { useNotify } from '../../../hooks/use-notify';
import { getSignInNotice, loginWithSessionId } from '../api/auth-api';
import { usePostLogin } from '../use-post-login';
import { AuthCard } from './auth-card';
import { ParentLoginForm } from './parent-login-form';
import { StudentLoginForm } from './student-login-form';
import { paths } from '../../../config/paths';

/** /login: "Students Login" and "Parents Login"; `?SessionID=` signs in by itself. */
export function LoginScreen() {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState(0);
  const [params] = useSearchParams();
  const sessionId = params.get('SessionID');
  const postLogin = usePostLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const startedFor = useRef<string | null>(null);
  // Demo accounts with the published password can sign in here: said before anyone does (decision 041).
  const notice = useQuery({ queryKey: ['installation', 'signInNotice'], queryFn: getSignInNotice, staleTime: 5 * 60_000 });

  useEffect(() => {
    // Guarded so that StrictMode's second effect run does not spend the one-time id twice.
    if (!sessionId || startedFor.current === sessionId) return;
    startedFor.current = sessionId;
    loginWithSessionId(sessionId)
      .then((result) => postLogin(result, { viaSessionId: true }))
      .catch(() => {
        notify.error(t('messages:oopsSomethingWrong'));
        navigate(paths.auth.login.getHref(), { replace: true });
      });
  }, [sessionId, postLogin, notify, navigate, t]);

  if (sessionId) {
    return (
      <AuthCard title={t('signingInWithSession')}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('signingInWithSession')} />
        </Box>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('loginTitle')}>
      {notice.data?.demoAccounts && (
        <Alert severity="warning" variant="filled" role="alert" sx={{ mb: 2 }}>
          {t('demoBanner')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="fullWidth" sx={{ mb: 3 }}>
        <Tab label={t('studentsLogin')} id="login-tab-0" aria-controls="login-panel-0" />
        <Tab label={t('parentsLogin')} id="login-tab-1" aria-controls="login-panel-1" />
      </Tabs>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 0 ? <StudentLoginForm /> : <ParentLoginForm />}
      </div>
      <Stack spacing={1} sx={{ mt: 3 }} alignItems="center">
        <Link component={RouterLink} to={paths.auth.forgetPassword.getHref()}>
          {t('forgotPassword')}
        </Link>
        <Typography variant="body2">
          {t('noAccount')}{' '}
          <Link component={RouterLink} to={paths.auth.signup.getHref()}>
            {t('signup')}
          </Link>
        </Typography>
        {env.makePaymentUrl && (
          <Link href={env.makePaymentUrl} target="_blank" rel="noopener noreferrer">
            {t('makePayment')}
          </Link>
        )}
      </Stack>
    </AuthCard>
  );
}
