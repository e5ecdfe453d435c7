import type { Status } from './statusApi';

/** Who comes, or came (D24): the klusser's first name and showcase photo, nothing more (D5). */
export function KlusserInfo({ k, status }: { k: NonNullable<Status['klusser']>; status: string }) {
  const zin =
    status === 'afgerond' ? (
      <>
        De klus is gedaan door <strong>{k.voornaam}</strong>.
      </>
    ) : status === 'bezig' ? (
      <>
        <strong>{k.voornaam}</strong> is nu met uw klus bezig.
      </>
    ) : (
      <>
        Uw klusser is <strong>{k.voornaam}</strong>.
      </>
    );
  return (
    <div className="status-klusser">
      {k.foto !== '' && <img src={k.foto} alt={`Foto van ${k.voornaam}`} width={96} height={96} />}
      <p>{zin}</p>
    </div>
  );
}
