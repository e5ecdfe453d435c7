import type { KratosFlow, UiNode } from '@klusmaat/shared-ui/auth/kratos';
import { flow, inputNode, uiText } from '@klusmaat/shared-ui/test/authFixtures';

export const QR = 'data:image/png;base64,iVBORw0KGgo=';

const submit = (name: string, group: string): UiNode => inputNode(name, group, { type: 'submit', value: 'true' });

export function totpSetupNodes(codeMessages = [] as ReturnType<typeof uiText>[]): UiNode[] {
  return [
    { type: 'img', group: 'totp', attributes: { id: 'totp_qr', src: QR, node_type: 'img' }, messages: [], meta: {} },
    {
      type: 'text',
      group: 'totp',
      attributes: { id: 'totp_secret_key', node_type: 'text', text: { id: 1050006, text: 'JBSWY3DPEHPK3PXP', type: 'info' } },
      messages: [],
      meta: {},
    },
    inputNode('totp_code', 'totp', {}, codeMessages),
    inputNode('method', 'totp', { type: 'submit', value: 'totp' }),
  ];
}

export const totpEnabledNodes = (): UiNode[] => [submit('totp_unlink', 'totp')];

export function codesNode(codes: (string | null)[]): UiNode {
  return {
    type: 'text',
    group: 'lookup_secret',
    attributes: {
      id: 'lookup_secret_codes',
      node_type: 'text',
      text: {
        id: 1050015,
        type: 'info',
        text: codes.map((c) => c ?? 'used').join(', '),
        context: {
          secrets: codes.map((c) =>
            c === null
              ? { id: 1050014, text: 'Secret was used at 2026-01-01', type: 'info', context: { used_at: '2026-01-01' } }
              : { id: 1050009, text: c, type: 'info', context: { secret: c } },
          ),
        },
      },
    },
    messages: [],
    meta: {},
  };
}

export const settingsFlow = (nodes: UiNode[], extra: Partial<KratosFlow> = {}) =>
  flow('set-1', nodes, [], { state: 'show_form', ...extra });

export const lookupNone = (): UiNode[] => [submit('lookup_secret_regenerate', 'lookup_secret')];
export const lookupSaved = (): UiNode[] => [submit('lookup_secret_reveal', 'lookup_secret'), submit('lookup_secret_disable', 'lookup_secret')];
export const lookupNew = (codes: string[]): UiNode[] => [codesNode(codes), submit('lookup_secret_confirm', 'lookup_secret')];
