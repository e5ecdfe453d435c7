/** GET /api/v1/regios as the server answers it for the four regions of the demo (migration 001). */
export const REGIOS_ANSWER = {
  data: [
    { id: 'amsterdam', slug: 'amsterdam', naam: 'Amsterdam', woonplaatsen: ['Amstelveen', 'Amsterdam'] },
    { id: 'den-haag', slug: 'den-haag', naam: 'Den Haag', woonplaatsen: ['Den Haag', 'Leidschendam', 'Rijswijk', 'Voorburg', 'Wassenaar'] },
    { id: 'rotterdam', slug: 'rotterdam', naam: 'Rotterdam', woonplaatsen: ['Rotterdam', 'Schiedam'] },
    { id: 'utrecht', slug: 'utrecht', naam: 'Utrecht', woonplaatsen: ['Utrecht', 'Zeist'] },
  ],
  total: 4,
};
