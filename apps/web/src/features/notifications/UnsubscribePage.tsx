import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_MESSAGES, type UnsubscribeAnswer, type UnsubscribeResult } from '@mc/contract/notifications.ts';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { AuthShell, inlineLinkClasses } from '../auth';
import { paths } from '../../lib/paths';

const FAILED = 'Nothing was changed: the server could not be reached. Please try again.';

type State = { status: 'asking' } | { status: 'sending' } | { status: 'done'; result: UnsubscribeResult; message: string } | { status: 'failed' };

function isAnswer(value: unknown): value is UnsubscribeAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'result' in value &&
    typeof value.result === 'string' &&
    Object.hasOwn(UNSUBSCRIBE_MESSAGES, value.result) &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/**
 * Where a notification e-mail's "Stop these e-mails" link lands (docs/product.md#notification-e-mails).
 * No sign-in: the signed token in the address is the whole credential. It asks before changing
 * anything (link checkers open links too), then says what happened: unsubscribed, a link used
 * before or replaced, or a link that is not valid.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'asking' } : { status: 'done', result: 'invalid', message: UNSUBSCRIBE_MESSAGES.invalid });

  const result = useRef<HTMLDivElement>(null);
  const done = state.status === 'done';
  // The button is gone once answered: focus goes to the answer, never to the page.
  useEffect(() => {
    if (done && token) result.current?.focus();
  }, [done, token]);

  const unsubscribe = async () => {
    setState({ status: 'sending' });
    try {
      const response = await fetch(`${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`, { method: 'POST' });
      const answer: unknown = await response.json();
      setState(isAnswer(answer) ? { status: 'done', result: answer.result, message: answer.message } : { status: 'failed' });
    } catch (error) {
      console.error('Unsubscribing failed', error);
      setState({ status: 'failed' });
    }
  };

  return (
    <AuthShell
      title="Notification e-mails"
      subtitle="Stop the e-mails about your notifications. No sign-in needed."
      documentTitle="Unsubscribe"
      footer={
        <Link to={paths.signIn()} className={inlineLinkClasses}>
          Sign in to change your e-mails on your profile page
        </Link>
      }
    >
      {state.status === 'done' ? (
        <div ref={result} tabIndex={-1} className="rounded-xl focus:outline-none">
          <Alert tone={state.result === 'unsubscribed' ? 'success' : 'warning'} title={state.result === 'unsubscribed' ? 'Unsubscribed' : 'Nothing changed'}>
            {state.message}
          </Alert>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {state.status === 'failed' ? <Alert tone="error">{FAILED}</Alert> : null}
          <p className="text-slate-200">Do you want to stop receiving e-mails about your notifications?</p>
          <Button size="lg" busy={state.status === 'sending'} busyLabel="Unsubscribing..." onClick={() => void unsubscribe()}>
            Unsubscribe
          </Button>
        </div>
      )}
    </AuthShell>
  );
}
