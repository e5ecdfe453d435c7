import { CallOrRequest } from '../components/CallOrRequest';
import { CardList } from '../components/CardList';
import { PageIntro } from '../components/PageIntro';
import { PageSection } from '../components/PageSection';
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
      <PageIntro id="werkwijze-titel" title="Onze werkwijze">
        <p className="lead">
          Bij {brand} gaat het rustig en duidelijk. U weet vooraf wat er gaat gebeuren, wat het kost en wie er bij u
          langskomt.
        </p>
      </PageIntro>

      <PageSection id="stappen-titel" title="In 4 stappen geregeld">
        <ProcessSteps />
      </PageSection>

      <PageSection id="beloften-titel" title="Onze beloften aan u" band="section section-soft">
        <CardList items={PROMISES} />
      </PageSection>

      <PageSection id="klussers-titel" title="Wie komt er bij u?">
        <p>
          Al onze klussers zijn 65 jaar of ouder en hebben jarenlange ervaring. Zij hebben een geldige Verklaring Omtrent
          het Gedrag (VOG) en wonen bij u in de buurt. Na uw akkoord op de offerte ontvangt u per mail of WhatsApp de
          gegevens en een foto van uw klusser, zodat u weet wie er aanbelt.
        </p>
      </PageSection>

      <CallOrRequest />
    </>
  );
}
