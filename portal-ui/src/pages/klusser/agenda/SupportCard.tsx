import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import { klusserApi } from '../api';
import { useLoad } from '../shared/useLoad';
import { KT } from '../texts';

/**
 * 'Bel Support' (section 2, Agenda): the support phone of the klusser's first region, else the
 * default setting, else the configured contact phone; the server picks (D19). While it loads or
 * when it cannot be loaded, the configured contact phone is dialled.
 */
export function SupportCard() {
  const { phone } = useConfig();
  const [support] = useLoad((signal) => klusserApi.support(signal));
  const number = support.state === 'ok' && support.body.telefoon.trim() !== '' ? support.body.telefoon : phone;
  return (
    <section className="klus-card klusser-support" aria-labelledby="support-titel">
      <h2 id="support-titel">{KT.supportTitle}</h2>
      <p>{KT.supportIntro}</p>
      <a className="button button-accent" href={telHref(number)}>
        {KT.callSupport}
        <span className="klusser-support-number">{number}</span>
      </a>
    </section>
  );
}
