import { Link } from 'react-router';
import { CallOrRequest } from '../components/CallOrRequest';
import { CardList } from '../components/CardList';
import { PageSection } from '../components/PageSection';
import { ProcessSteps } from '../components/ProcessSteps';
import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import './Home.css';
import './public.css';

const REASONS = [
  {
    title: 'Vakkundig',
    text: 'Onze klussers hebben hun hele werkzame leven met hun handen gewerkt. Die ervaring ziet u terug in elke klus.',
  },
  {
    title: 'VOG-gescreend',
    text: 'Iedere klusser heeft een geldige Verklaring Omtrent het Gedrag. U laat met een gerust hart iemand binnen.',
  },
  {
    title: 'Lokaal',
    text: 'Onze klussers wonen bij u in de buurt. Zij kennen de omgeving en zijn snel bij u.',
  },
] as const;

const EXAMPLES = [
  { title: 'Ophangwerk', text: 'Schilderijen, spiegels, gordijnrails, lampen en planken.' },
  { title: 'Klein schilderwerk', text: 'Een muur bijwerken of een deur en kozijn opfrissen.' },
  { title: '(De)montage', text: 'Meubels in elkaar zetten of juist uit elkaar halen.' },
  { title: 'Veiligheid & comfort', text: 'Steunbeugels, antislipstrips, rookmelders en trapleuningen.' },
  { title: 'Kleine reparaties', text: 'Klemmende deuren, druppelende kranen en losse scharnieren.' },
  { title: 'Tuinonderhoud', text: 'Snoeien, een schutting repareren of de tuin winterklaar maken.' },
] as const;

/** Second landing page (D20, /waarom-kiezen): call or request online, why us, the process, examples. */
export default function Landing() {
  const { brand, phone } = useConfig();
  usePageTitle(
    `Waarom kiezen voor ${brand}? – Ervaren 65+ klussers`,
    'Vakkundige, VOG-gescreende 65+ klussers uit uw eigen buurt. Bel ons of vraag uw klus online aan.',
  );

  return (
    <>
      <section className="hero" aria-labelledby="landing-titel">
        <div className="container hero-inner">
          <p className="hero-region">Voorburg · Leidschendam · Wassenaar</p>
          <h1 id="landing-titel">Een klus in huis? Een ervaren klusser helpt u graag</h1>
          <p className="hero-lead">Uw betrouwbare klusmaat dichtbij. Ervaren 65+ klussers voor al uw kleine klussen.</p>
          <div className="button-row">
            <a href={telHref(phone)} className="button button-primary button-large">
              Bel nu
              <span className="button-sub">{phone}</span>
            </a>
            <Link to="/aanvraag" className="button button-secondary button-large">
              Of vraag online aan
            </Link>
          </div>
          <p>Binnen 24 uur nemen wij contact met u op.</p>
        </div>
      </section>

      <PageSection id="waarom-titel" title={<>Waarom kiezen voor {brand}?</>} band="benefits">
        <CardList items={REASONS} className="benefit-grid" cardClassName="benefit-card" />
      </PageSection>

      <PageSection id="proces-titel" title="Zo werkt het" band="section section-soft">
        <ProcessSteps />
        <p>
          <Link to="/onze-werkwijze" className="text-link">
            Meer over onze werkwijze
          </Link>
        </p>
      </PageSection>

      <PageSection id="voorbeelden-titel" title="Hier helpen wij u bijvoorbeeld mee">
        <CardList items={EXAMPLES} className="card-grid card-grid-3" />
        <p>
          <Link to="/diensten" className="text-link">
            Bekijk al onze diensten
          </Link>
        </p>
      </PageSection>

      <CallOrRequest title="Laat uw klus niet langer liggen" />
    </>
  );
}
