import { Link } from 'react-router';
import { CallOrRequest } from '../components/CallOrRequest';
import { PageIntro } from '../components/PageIntro';
import { useConfig } from '@klusmaat/shared-ui/config';
import { SERVICE_CATEGORIES } from '../content/site';
import { usePageTitle } from '../usePageTitle';
import './public.css';

/** Services page (/diensten): the five public categories, each with a request link (spec section 2). */
export default function Diensten() {
  const { brand } = useConfig();
  usePageTitle(
    `Diensten – ${brand}`,
    'Montage en ophangwerk, veilig wonen, klein onderhoud, schilderwerk en digitale hulp door ervaren 65+ klussers.',
  );

  return (
    <>
      <PageIntro id="diensten-titel" title="Onze diensten">
        <p className="lead">
          Van een schilderij ophangen tot een steunbeugel bij de douche: onze ervaren klussers helpen u met allerlei
          kleine klussen in en om het huis. Kies hieronder wat u nodig heeft.
        </p>
      </PageIntro>

      <div className="container section">
        <ul className="service-list">
          {SERVICE_CATEGORIES.map((category) => (
            <li key={category.key} className="service-card" id={category.key}>
              <h2 id={`dienst-${category.key}`}>{category.label}</h2>
              <p>{category.description}</p>
              <ul className="checklist" aria-label={`Voorbeelden van ${category.label}`}>
                {category.checklist.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <Link to={`/aanvraag?categorie=${category.key}`} className="button button-primary">
                Deze klus aanvragen<span className="visually-hidden">: {category.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>

      <CallOrRequest title="Staat uw klus er niet tussen?" />
    </>
  );
}
