import { Link } from 'react-router';
import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import { CardList } from '../components/CardList';
import { PageSection } from '../components/PageSection';
import { usePageTitle } from '../usePageTitle';
import '../components/CallOrRequest.css';
import './Home.css';

const BENEFITS = [
  {
    title: 'Betrouwbaar',
    text: 'Al onze klussers zijn ervaren 65-plussers met een geldige Verklaring Omtrent het Gedrag (VOG). U weet wie er bij u binnenkomt.',
  },
  {
    title: 'Eenvoudig',
    text: 'U doet één aanvraag, online of per telefoon. Binnen 24 uur nemen wij contact met u op om alles rustig door te spreken.',
  },
  {
    title: 'Lokaal',
    text: 'Onze klussers wonen zelf bij u in de buurt. Zo helpt iemand uit uw eigen omgeving u snel verder.',
  },
] as const;

/** Home page "/": hero, three benefits and a closing call to action (spec section 2). */
export default function Home() {
  const { brand, phone } = useConfig();
  usePageTitle(`${brand} – Uw betrouwbare klusmaat dichtbij`);

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="hero-region">Voorburg · Leidschendam · Wassenaar</p>
          <h1 id="hero-title">Uw betrouwbare klusmaat dichtbij</h1>
          <p className="hero-lead">Ervaren 65+ klussers voor al uw kleine klussen.</p>
          <p>
            Een lamp ophangen, een wankel kastje repareren of een steunbeugel bij de douche? Onze klussers in Voorburg,
            Leidschendam en Wassenaar helpen u graag, rustig en vakkundig.
          </p>
          <div className="button-row">
            <Link to="/aanvraag" className="button button-accent">
              Vraag een {brand} aan
            </Link>
            <Link to="/diensten" className="button button-secondary">
              Bekijk diensten
            </Link>
          </div>
          <p className="hero-phone">
            Liever bellen? Wij staan voor u klaar op <a href={telHref(phone)}>{phone}</a>.
          </p>
        </div>
      </section>

      <PageSection id="benefits-title" title={<>Waarom {brand}?</>} band="benefits">
        <CardList items={BENEFITS} className="benefit-grid" cardClassName="benefit-card" />
        <p className="benefits-more">
          <Link to="/waarom-kiezen" className="text-link">
            Lees waarom u voor {brand} kiest
          </Link>
        </p>
      </PageSection>

      <PageSection id="cta-title" title="Heeft u een klus die blijft liggen?" band="closing-cta">
        <p>
          Vertel ons wat er moet gebeuren. Wij zoeken een klusser bij u in de buurt en nemen binnen 24 uur contact met u
          op.
        </p>
        <Link to="/aanvraag" className="button button-accent">
          Start nu
        </Link>
      </PageSection>
    </>
  );
}
