import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { UNSUBSCRIBE_API_PATH, type UnsubscribeAnswer, type UnsubscribeResult } from '@mc/contract/notifications.ts';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { AuthShell, inlineLinkClasses } from '../auth';
import { paths } from '../../lib/paths';

/**
 * What each answer means, in the interface's language: the server answers {result, message} with
 * the contract's English message for the result, so the result alone says it.
 */
const RESULT_MESSAGES: Record<UnsubscribeResult, { messageId: string }> = {
  unsubscribed: { messageId: 'notifications.unsubscribe.resultUnsubscribed' },
  used: { messageId: 'notifications.unsubscribe.resultUsed' },
  invalid: { messageId: 'notifications.unsubscribe.resultInvalid' },
};

type State = { status: 'asking' } | { status: 'sending' } | { status: 'done'; result: UnsubscribeResult } | { status: 'failed' };

function isAnswer(value: unknown): value is UnsubscribeAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'result' in value &&
    typeof value.result === 'string' &&
    Object.hasOwn(RESULT_MESSAGES, value.result) &&
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
  const { _ } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'asking' } : { status: 'done', result: 'invalid' });

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
      setState(isAnswer(answer) ? { status: 'done', result: answer.result } : { status: 'failed' });
    } catch (error) {
      console.error('Unsubscribing failed', error);
      setState({ status: 'failed' });
    }
  };

  return (
    <AuthShell
      title={_('notifications.unsubscribe.title')}
      subtitle={_('notifications.unsubscribe.subtitle')}
      documentTitle={_('notifications.unsubscribe.documentTitle')}
      footer={
        <Link to={paths.signIn()} className={inlineLinkClasses}>
          {_('notifications.unsubscribe.signIn')}
        </Link>
      }
    >
      {state.status === 'done' ? (
        <div ref={result} tabIndex={-1} className="rounded-xl focus:outline-none">
          <Alert
            tone={state.result === 'unsubscribed' ? 'success' : 'warning'}
            title={state.result === 'unsubscribed' ? _('notifications.unsubscribe.unsubscribed') : _('notifications.unsubscribe.nothingChanged')}
          >
            {_(RESULT_MESSAGES[state.result].messageId)}
          </Alert>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {state.status === 'failed' ? <Alert tone="error">{_('notifications.unsubscribe.failed')}</Alert> : null}
          <p className="text-slate-200">{_('notifications.unsubscribe.question')}</p>
          <Button size="lg" busy={state.status === 'sending'} busyLabel={_('notifications.unsubscribe.busy')} onClick={() => void unsubscribe()}>
            {_('notifications.unsubscribe.button')}
          </Button>
        </div>
      )}
    </AuthShell>
  );
}
