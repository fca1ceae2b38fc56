import { RESEND_OTP_COUNTDOWN_MS } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { useCountdown } from '../hooks/use-countdown';
import { PendingButton } from './pending-button';

/**
 * "Send OTP", then disabled with a 100 s resend countdown (spec 000 §9). `onSend` returns true
 * when the code went out; only then does the countdown start.
 */
export function ResendOtpButton({
  onSend,
  disabled,
  isAlreadySent = false,
}: {
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  /** A code went out just before this button appeared: start counting at once. */
  isAlreadySent?: boolean;
}) {
  const { t } = useTranslation();
  const { secondsLeft, isRunning, start } = useCountdown();
  const [hasSent, setHasSent] = useState(isAlreadySent);
  useEffect(() => {
    if (isAlreadySent) start(RESEND_OTP_COUNTDOWN_MS);
  }, [isAlreadySent, start]);
  const [isSending, setIsSending] = useState(false);

  const handleClick = async () => {
    setIsSending(true);
    try {
      if (await onSend()) {
        setHasSent(true);
        start(RESEND_OTP_COUNTDOWN_MS);
      }
    } finally {
      setIsSending(false);
    }
  };

  // One line where there is room; on a phone the longer (Tamil) countdown wraps rather than widen the page.
  return (
    <PendingButton isPending={isSending} variant="outlined" onClick={handleClick} disabled={disabled || isRunning || isSending} sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
      {isRunning ? t('resendOtpIn', { seconds: secondsLeft }) : hasSent ? t('resendOtp') : t('sendOtp')}
    </PendingButton>
  );
}
