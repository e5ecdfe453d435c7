import { describe, expect, it } from 'vitest';
import { hydrationMode } from './hydration';

function root(html: string, prerendered?: string) {
  const el = document.createElement('div');
  if (prerendered !== undefined) el.setAttribute('data-prerendered', prerendered);
  el.innerHTML = html;
  return el;
}

describe('hydrationMode', () => {
  it('hydrates markup prerendered for this path', () => {
    expect(hydrationMode(root('<main></main>', '/diensten'), '/diensten')).toBe('hydrate');
    expect(hydrationMode(root('<main></main>', '/diensten'), '/diensten/')).toBe('hydrate');
    expect(hydrationMode(root('<main></main>', '/'), '/')).toBe('hydrate');
  });

  it('renders afresh an empty root, or markup of another path', () => {
    expect(hydrationMode(root(''), '/aanvraag')).toBe('render');
    expect(hydrationMode(root('', '/'), '/')).toBe('render');
    expect(hydrationMode(root('<main></main>', '/'), '/aanvraag')).toBe('render');
    expect(hydrationMode(root('<main></main>'), '/')).toBe('render');
  });
});
