// @vitest-environment node
import { describe, expect, it } from 'vitest';
import pageModules from './pageModules.json';
import { render } from './entry-server';

describe('prerendering (entry-server)', () => {
  it.each([
    ['/', 'Uw betrouwbare klusmaat dichtbij'],
    ['/diensten', 'Onze diensten'],
    ['/onze-werkwijze', 'Onze werkwijze'],
    ['/waarom-kiezen', 'Een klus in huis? Een ervaren klusser helpt u graag'],
    ['/word-klusser', 'Word klusser bij <!-- -->%%KLUSMAAT_BRAND%%'],
  ])('renders %s with its heading, the placeholders and no script', async (path, heading) => {
    const { html, title } = await render(path);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[?]/g, '\\?')}</h1>`));
    expect(html).toContain('<span class="brand-name">%%KLUSMAAT_BRAND%%</span>');
    expect(html).not.toMatch(/<script/i);
    expect(title).toContain('%%KLUSMAAT_BRAND%%');
  });

  it('puts the tel: placeholder in phone links', async () => {
    const { html } = await render('/waarom-kiezen');
    expect(html).toContain('href="tel:%%KLUSMAAT_PHONE_TEL%%"');
    expect(html).toContain('%%KLUSMAAT_PHONE%%');
    const footer = (await render('/')).html;
    expect(footer).toContain('href="mailto:%%KLUSMAAT_EMAIL%%"');
  });

  it('prerenders exactly the marketing pages, the first step of the request wizard and the showcase with its places kept', () => {
    const prerendered = Object.entries(pageModules)
      .filter(([, v]) => v.prerender)
      .map(([k]) => k);
    expect(prerendered).toEqual(['/', '/waarom-kiezen', '/diensten', '/onze-werkwijze', '/word-klusser', '/aanvraag', '/klussers']);
  });
});

describe('forms in prerendered pages', () => {
  it('render the submit button disabled until React runs them', async () => {
    const { html } = await render('/word-klusser');
    expect(html).toMatch(/<button type="submit" class="button button-accent" disabled="">Aanmelding versturen<\/button>/);
    const wizard = (await render('/aanvraag')).html;
    expect(wizard).toMatch(/<button type="submit" class="button button-primary" disabled="">Volgende/);
    expect(wizard).toContain('Welke klus wilt u laten doen?');
  });

  it('the showcase keeps the places of its cards in the HTML, before its list arrives', async () => {
    const { html } = await render('/klussers');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('klusser-grid-placeholder');
    expect(html).toContain('Bent u zelf 65+ en handig?');
  });
});
