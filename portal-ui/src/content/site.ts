/**
 * Texts shared by the public pages: the five public categories of the services page and the
 * wizard (spec section 2, D9), the 4-step process and the promises to visitors (section 1, D20).
 */

export type CategoryKey = 'montage' | 'veiligheid' | 'onderhoud' | 'schilderen' | 'digitaal';

export interface ServiceCategory {
  key: CategoryKey;
  label: string;
  /** One sentence for the wizard's choice list. */
  short: string;
  description: string;
  checklist: readonly string[];
}

export const SERVICE_CATEGORIES: readonly ServiceCategory[] = [
  {
    key: 'montage',
    label: 'Montage & Ophangwerk',
    short: 'Gordijnrails, schilderijen, lampen, planken en bouwpakketten.',
    description:
      'Iets ophangen of in elkaar zetten, maar geen zin in gedoe met boren en handleidingen? Onze klusser hangt het stevig en recht op en neemt zijn eigen gereedschap mee.',
    checklist: [
      'Gordijnrails en roedes ophangen',
      'Schilderijen, spiegels en fotolijsten ophangen',
      'Lampen ophangen en aansluiten',
      'Planken en wandrekken monteren',
      'Bouwpakketmeubels in elkaar zetten',
    ],
  },
  {
    key: 'veiligheid',
    label: 'Veilig & Comfortabel Wonen',
    short: 'Steunbeugels, antislip, douchezitjes, rookmelders en trapleuningen.',
    description:
      'Kleine aanpassingen maken uw huis veiliger en prettiger, zodat u er fijn kunt blijven wonen. Wij denken met u mee over wat handig is.',
    checklist: [
      'Steunbeugels plaatsen bij toilet, douche en bad',
      'Antislipstrips aanbrengen op trap en vloer',
      'Douchezitjes monteren',
      'Rookmelders en koolmonoxidemelders ophangen',
      'Trapleuningen plaatsen',
    ],
  },
  {
    key: 'onderhoud',
    label: 'Klein Onderhoud & Reparaties',
    short: 'Klemmende deuren, lekkende kranen, sloten en kitranden.',
    description:
      'Een deur die klemt of een kraan die blijft druppelen: kleine ongemakken die u liever vandaag dan morgen opgelost ziet. Onze klusser verhelpt ze rustig en netjes.',
    checklist: [
      'Klemmende deuren en kastjes afstellen',
      'Een druppelende kraan verhelpen',
      'Deurklinken, sloten en scharnieren vervangen',
      'Kitranden in keuken en badkamer vernieuwen',
      'Tochtstrips aanbrengen en radiatoren ontluchten',
    ],
  },
  {
    key: 'schilderen',
    label: 'Klein Schilder- & Afwerkwerk',
    short: 'Muren bijwerken, een deur of kozijn schilderen, plinten afwerken.',
    description:
      'Een muur die een likje verf kan gebruiken of een kozijn dat er weer fris uit moet zien? Onze klusser werkt het zorgvuldig bij en laat uw huis schoon achter.',
    checklist: [
      'Muren en plafonds bijwerken',
      'Een deur, kozijn of vensterbank schilderen',
      'Gaatjes en scheurtjes vullen',
      'Plinten aanbrengen en afwerken',
      'Randen netjes afkitten',
    ],
  },
  {
    key: 'digitaal',
    label: 'Digitale Hulp & Installatie',
    short: 'Televisie, wifi, printer, telefoon of tablet instellen.',
    description:
      'Een nieuwe televisie, een printer die niet wil of een tablet om mee te videobellen? Onze klusser sluit het aan, stelt het in en legt in alle rust uit hoe het werkt.',
    checklist: [
      'Televisie aansluiten en zenders instellen',
      'Wifi en printer installeren',
      'Een smartphone of tablet instellen',
      'Leren videobellen met familie en vrienden',
      'Een slimme deurbel of thermostaat installeren',
    ],
  },
];

export const CATEGORY_KEYS: readonly CategoryKey[] = SERVICE_CATEGORIES.map((c) => c.key);

export function isCategoryKey(value: string | null | undefined): value is CategoryKey {
  return value != null && (CATEGORY_KEYS as readonly string[]).includes(value);
}

export interface ProcessStep {
  title: string;
  text: string;
}

/** The 4-step process: request, personal survey, clear quote, skilled execution. */
export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    title: 'Aanvraag',
    text: 'U vraagt uw klus aan, online of telefonisch. Binnen 24 uur nemen wij contact met u op om alles rustig door te spreken.',
  },
  {
    title: 'Persoonlijke opname',
    text: 'Een werkbeoordelaar komt gratis bij u langs, bekijkt de klus ter plekke en luistert naar uw wensen.',
  },
  {
    title: 'Duidelijke offerte',
    text: 'U ontvangt een offerte met een vaste prijs. Zo weet u vooraf precies waar u aan toe bent, zonder verrassingen achteraf.',
  },
  {
    title: 'Vakkundige uitvoering',
    text: 'Na uw akkoord ontvangt u per mail of WhatsApp de gegevens en een foto van uw klusser. Op het afgesproken moment wordt de klus vakkundig uitgevoerd.',
  },
];

/** The promises stated to visitors (spec section 1). */
export const PROMISES: readonly ProcessStep[] = [
  { title: 'Binnen 24 uur contact', text: 'Na uw aanvraag nemen wij binnen 24 uur contact met u op.' },
  {
    title: 'Gratis opname bij u thuis',
    text: 'Een werkbeoordelaar bekijkt de klus gratis bij u thuis, zodat er niets over het hoofd wordt gezien.',
  },
  { title: 'Vaste prijs', text: 'U krijgt een offerte met een vaste prijs. De prijs die u ziet, is de prijs die u betaalt.' },
  {
    title: 'U weet wie er komt',
    text: 'Na uw akkoord ontvangt u per mail of WhatsApp de gegevens en een foto van de klusser die bij u komt.',
  },
];
