/**
 * Basic verification (spec: the full-screen 'basic verification' prompt that answers
 * BASIC_VERIFY_REQUIRED): name, date of birth and country, once. Withdrawals above the
 * server's threshold wait for it (docs/decisions/0018).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import './basic-verify.css';

const basicStatus = () =>
  queryOptions({
    queryKey: ['account', 'basic-status'] as const,
    queryFn: ({ signal }) => rpc.call('account.basic-status', {}, { signal }),
    staleTime: 60_000,
  });

/** The verification form, or what the player's verification allows. */
export function BasicVerifyPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(basicStatus());
  const [fullName, setFullName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [country, setCountry] = useState('');
  const verify = useMutation({
    mutationFn: () => rpc.call('account.basic-verify', { full_name: fullName.trim(), birth_date: birthDate, country: country.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: basicStatus().queryKey }),
  });
  if (!status.data) return <p>Loading…</p>;
  const limit = status.data.withdraw_above;
  if (status.data.verified) {
    return (
      <p role="status">
        Your account is verified: withdrawals of any size are open. <PathLink to="/wallet/withdraw">Back to withdrawals</PathLink>
      </p>
    );
  }
  const ready = fullName.trim().length >= 3 && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && /^[A-Za-z]{2}$/.test(country.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) verify.mutate();
  };
  return (
    <form className="basic-verify-form" onSubmit={submit}>
      <p>{limit > 0 ? `Withdrawals above ${formatCoins(limit)} coins need this once.` : 'Verify once; it is kept with your account.'}</p>
      <label className="field">
        <span className="field-label">Full name</span>
        <input className="field-input" value={fullName} autoComplete="name" maxLength={80} onChange={(e) => setFullName(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">Date of birth</span>
        <input className="field-input" type="date" value={birthDate} autoComplete="bday" onChange={(e) => setBirthDate(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">Country code</span>
        <input className="field-input" value={country} placeholder="DE" maxLength={2} autoComplete="country" autoCapitalize="characters" onChange={(e) => setCountry(e.target.value.toUpperCase())} />
      </label>
      <Button type="submit" variant="primary" disabled={!ready || verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify'}
      </Button>
    </form>
  );
}
