/** GET /api/v1/regios as the server answers it for the four regions of the demo (migration 001). */
export const REGIOS_ANSWER = {
  data: [
    { slug: 'amsterdam', naam: 'Amsterdam', woonplaatsen: ['Amstelveen', 'Amsterdam'] },
    { slug: 'den-haag', naam: 'Den Haag', woonplaatsen: ['Den Haag', 'Leidschendam', 'Rijswijk', 'Voorburg', 'Wassenaar'] },
    { slug: 'rotterdam', naam: 'Rotterdam', woonplaatsen: ['Rotterdam', 'Schiedam'] },
    { slug: 'utrecht', naam: 'Utrecht', woonplaatsen: ['Utrecht', 'Zeist'] },
  ],
  total: 4,
};
