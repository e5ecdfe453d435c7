// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { showsFooter, showsHeader } from './visibility';

describe('showsHeader', () => {
  it.each(['/', '/diensten', '/aanvraag', '/klussers', '/word-klusser', '/admin/auth', '/onbekend'])(
    'shows the header on %s',
    (path) => {
      expect(showsHeader(path)).toBe(true);
    },
  );

  it.each(['/klusser', '/klusser/', '/klusser/dashboard', '/klusser/plan-klus/42', '/klusser/werkbon/7?x=1'])(
    'hides the header on %s',
    (path) => {
      expect(showsHeader(path)).toBe(false);
    },
  );
});

describe('showsFooter', () => {
  it.each(['/', '/diensten', '/onze-werkwijze', '/klussers', '/word-klusser', '/diensten/', '/?x=1'])(
    'shows the footer on %s',
    (path) => {
      expect(showsFooter(path)).toBe(true);
    },
  );

  it.each(['/aanvraag', '/auth', '/login', '/portals', '/klusser/dashboard', '/admin/auth', '/diensten/extra', '/bestaat-niet'])(
    'hides the footer on %s',
    (path) => {
      expect(showsFooter(path)).toBe(false);
    },
  );
});
