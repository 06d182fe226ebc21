import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExtendedProfile, ExtendsProfileGift } from '@kometa/contracts';
import { PROFILE_COUNTRIES } from '@kometa/contracts/profile-countries';
import { ru } from '../../../i18n/ru.ts';
import { browserApi } from '../../../lib/api.browser.ts';
import { formText } from '../../../lib/form-values.ts';
import { messageOf } from '../../../lib/messages.ts';
import { useSite } from '../../../lib/site-context.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { FormSubmit } from '../../../ui/FormSubmit.tsx';
import { GiftArt } from './GiftArt.tsx';
import { giftKeys } from '../api/offered-gifts.ts';
import './extended-profile.css';

/** Spec §4 timings: first 60 s after registration (or the page opening), then every 900 s until filled. */
export const EXTENDED_PROFILE_FIRST_MS = 60_000;
export const EXTENDED_PROFILE_REPEAT_MS = 900_000;
const nextKey = (userId: number) => `extendedProfilePopupAt:${userId}`;

function readNext(userId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(nextKey(userId)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeNext(userId: number, at: number): void {
  try {
    window.localStorage.setItem(nextKey(userId), String(at));
  } catch {
    // Storage refused (private mode): the popup waits its time again on the next page.
  }
}

/** Another dialog open (welcome pack, terms…): the popup waits its turn. */
const dialogOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * The extended-profile popup (spec §4; ADR 040): while personal-data confirmation is on and the
 * profile is not filled, after 60 s and then every 900 s, a short form with the gift it gives (the
 * operator's picture, spec §3). Marking it filled ends the timers.
 */
export function ExtendedProfilePopup() {
  const site = useSite();
  const user = site?.user ?? null;
  const enabled =
    user !== null && site?.settings.personalDataConfirmation === true && !user.extendedProfileFilled;
  const userId = user?.id ?? 0;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout>;
    const plan = () => {
      let due = readNext(userId);
      if (due === null) {
        due = Date.now() + EXTENDED_PROFILE_FIRST_MS;
        writeNext(userId, due);
      }
      timer = setTimeout(
        () => {
          if (dialogOpen()) {
            // Asked again a little later, not on top of another dialog.
            writeNext(userId, Date.now() + 5_000);
            plan();
          } else setOpen(true);
        },
        Math.max(0, due - Date.now()),
      );
    };
    plan();
    return () => clearTimeout(timer);
  }, [enabled, userId]);

  const close = useCallback(() => {
    writeNext(userId, Date.now() + EXTENDED_PROFILE_REPEAT_MS);
    setOpen(false);
  }, [userId]);

  if (!enabled && !open) return null;
  if (!open) return null;
  return <ExtendedProfileDialog onClose={close} />;
}

function ExtendedProfileDialog({ onClose }: { onClose: () => void }) {
  const t = ru.extendedProfile;
  const queryClient = useQueryClient();
  const gifts = useQuery({
    queryKey: ['extends-profile-gifts'],
    queryFn: async () =>
      (await browserApi().get<ExtendsProfileGift[]>('/gifts/extendsProfileGiftsList')).data ?? [],
    staleTime: 60_000,
  });
  const gift = gifts.data?.[0] ?? null;
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ExtendedProfile | null>(null);
  // The first field refused takes the focus (scrolled into view on a phone).
  useEffect(() => {
    if (Object.keys(fields).length === 0) return;
    document.querySelector<HTMLElement>('.profile-popup [aria-invalid="true"]')?.focus();
  }, [fields]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => formText(form, name);
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const answer = await browserApi().put<ExtendedProfile>('/users/self/extended-profile', {
        firstName: text('firstName'),
        lastName: text('lastName'),
        ...(text('middleName').trim() ? { middleName: text('middleName') } : {}),
        country: text('country'),
        city: text('city'),
        address: text('address'),
        postalCode: text('postalCode'),
      });
      if (answer.data) {
        setDone(answer.data);
        void queryClient.invalidateQueries({ queryKey: giftKeys.offered });
        return;
      }
      const refused = answer.error?.fields ?? {};
      setFields(
        Object.fromEntries(
          Object.entries(refused).map(([name, key]) => [name, messageOf({ code: 3, message: key })]),
        ),
      );
      if (Object.keys(refused).length === 0) setError(messageOf(answer.error));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Modal title={t.doneTitle} onClose={() => window.location.reload()} className="profile-popup">
        <div className="profile-popup-done" role="status">
          <GiftArt kind={gift?.kind ?? 'box'} size={96} />
          <p>{gift ? t.doneGift(gift.title) : t.done}</p>
        </div>
        <div className="profile-popup-actions">
          {gift && (
            <Link to="/gifts?tab=current" className="button button-accent" reloadDocument>
              {t.toGifts}
            </Link>
          )}
          <button type="button" className="button button-ghost" onClick={() => window.location.reload()}>
            {t.close}
          </button>
        </div>
      </Modal>
    );
  }

  const field = (
    name: string,
    label: string,
    extra: { hint?: string; autoComplete?: string; optional?: boolean } = {},
  ) => {
    const refusal = fields[name];
    const describedBy = [refusal ? `xp-${name}-error` : null, extra.hint ? `xp-${name}-hint` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={`field profile-popup-${name}`}>
        <label className="field">
          <span>
            {label}
            {extra.optional && <span className="profile-popup-optional"> · {t.optional}</span>}
          </span>
          <input
            name={name}
            autoComplete={extra.autoComplete}
            maxLength={name === 'address' ? 200 : 80}
            aria-invalid={Boolean(refusal)}
            aria-describedby={describedBy || undefined}
          />
        </label>
        {extra.hint && !refusal && <span id={`xp-${name}-hint`}>{extra.hint}</span>}
        {refusal && (
          <span className="field-error" id={`xp-${name}-error`}>
            {refusal}
          </span>
        )}
      </div>
    );
  };
  const image = gift?.images[0]?.images.image;

  return (
    <Modal title={gift ? t.titleGift : t.title} onClose={onClose} className="profile-popup">
      <div className="profile-popup-hero">
        {image ? (
          <img src={image} alt="" width={88} height={88} />
        ) : (
          <GiftArt kind={gift?.kind ?? 'box'} size={88} />
        )}
        <div>
          {gift && <strong className="profile-popup-gift">{gift.title}</strong>}
          <p>{gift ? t.leadGift : t.lead}</p>
        </div>
      </div>
      <form className="form profile-popup-form" onSubmit={(event) => void submit(event)} noValidate>
        {field('lastName', t.lastName, { autoComplete: 'family-name' })}
        {field('firstName', t.firstName, { autoComplete: 'given-name' })}
        {field('middleName', t.middleName, { autoComplete: 'additional-name', optional: true })}
        <div className="field profile-popup-country">
          <label className="field">
            <span>{t.country}</span>
            <select
              name="country"
              defaultValue=""
              autoComplete="country"
              aria-invalid={Boolean(fields.country)}
              aria-describedby={fields.country ? 'xp-country-error' : undefined}
            >
              <option value="">{t.countryChoose}</option>
              {PROFILE_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {t.countries[code] ?? code}
                </option>
              ))}
            </select>
          </label>
          {fields.country && (
            <span className="field-error" id="xp-country-error">
              {fields.country}
            </span>
          )}
        </div>
        {field('city', t.city, { autoComplete: 'address-level2' })}
        {field('address', t.address, { hint: t.addressHint, autoComplete: 'street-address' })}
        {field('postalCode', t.postalCode, { autoComplete: 'postal-code' })}
        <FormSubmit error={error} busy={busy} look="accent">
          {busy ? t.sending : gift ? t.submitGift : t.submit}
        </FormSubmit>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t.later}
        </button>
        <small className="profile-popup-note">{t.privacy}</small>
      </form>
    </Modal>
  );
}
