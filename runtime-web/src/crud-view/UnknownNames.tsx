/**
 * Names of the screen's `x-screen` block that nothing answers to (a misspelt cell, widget or action): a visible
 * notice in development, a console warning in production (the screen then falls back, as before).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenModel } from '../crud/model';
import { isKnown, unknownNames } from '../crud/names';
import type { UnknownName } from '../crud/names';
import { useRegistry } from './useRegistry';

const KIND = { cell: 'kindCell', widget: 'kindWidget', action: 'kindAction' } as const;

export function UnknownNames({ model, dev = !!import.meta.env?.DEV }: { model: ScreenModel; dev?: boolean }) {
  const { t } = useTranslation('crud');
  const registry = useRegistry();
  // Listed in names.json and answered by this console's registry (theme and screens manifest).
  const found: UnknownName[] = unknownNames(model, (kind, name) => isKnown(kind, name) && registry.has(kind, name));
  const text = found.map((u) => `${u.kind} "${u.name}" (${u.where})`).join(', ');
  useEffect(() => {
    if (text) console.warn(`x-screen of ${model.entity.id} names unknown ${text}`);
  }, [text, model.entity.id]);
  if (!dev || !found.length) return null;
  return (
    <div className="crud-unknown-names" role="alert" data-testid="crud-unknown-names">
      {t('unknownNames')}{' '}
      {found.map((u, i) => (
        <code key={i}>{t('unknownName', { kind: t(KIND[u.kind]), name: u.name })} ({u.where}) </code>
      ))}
    </div>
  );
}
