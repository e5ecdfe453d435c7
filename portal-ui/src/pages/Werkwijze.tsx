import { CallOrRequest } from '../components/CallOrRequest';
import { ProcessSteps } from '../components/ProcessSteps';
import { useConfig } from '@klusmaat/shared-ui/config';
import { PROMISES } from '../content/site';
import { usePageTitle } from '../usePageTitle';
import './public.css';

/** Working method (/onze-werkwijze): the 4-step process and the promises to visitors (D20). */
export default function Werkwijze() {
  const { brand } = useConfig();
  usePageTitle(
    `Onze werkwijze – ${brand}`,
    'Zo werkt het: binnen 24 uur contact, een gratis opname bij u thuis, een vaste prijs en u weet vooraf wie er komt.',
  );

  return (
    <>
      <section className="page-intro" aria-labelledby="werkwijze-titel">
        <div className="container">
          <h1 id="werkwijze-titel">Onze werkwijze</h1>
          <p className="lead">
            Bij {brand} gaat het rustig en duidelijk. U weet vooraf wat er gaat gebeuren, wat het kost en wie er bij u
            langskomt.
          </p>
        </div>
      </section>

      <section className="container section" aria-labelledby="stappen-titel">
        <h2 id="stappen-titel">In 4 stappen geregeld</h2>
        <ProcessSteps />
      </section>

      <section className="section section-soft" aria-labelledby="beloften-titel">
        <div className="container">
          <h2 id="beloften-titel">Onze beloften aan u</h2>
          <ul className="card-grid">
            {PROMISES.map((promise) => (
              <li key={promise.title} className="info-card">
                <h3>{promise.title}</h3>
                <p>{promise.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="klussers-titel">
        <h2 id="klussers-titel">Wie komt er bij u?</h2>
        <p>
          Al onze klussers zijn 65 jaar of ouder en hebben jarenlange ervaring. Zij hebben een geldige Verklaring Omtrent
          het Gedrag (VOG) en wonen bij u in de buurt. Na uw akkoord op de offerte ontvangt u per mail of WhatsApp de
          gegevens en een foto van uw klusser, zodat u weet wie er aanbelt.
        </p>
      </section>

      <CallOrRequest />
    </>
  );
}
