import { useState, type KeyboardEvent } from 'react';
import { nextIndex, previousIndex } from './logic';

/**
 * Up to 3 photos, one at a time, that loop. The buttons and the Left/Right arrow keys move
 * between them; the position ("Foto 2 van 3") is announced politely.
 */
export function Carousel({ photos, name }: { photos: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = photos.length;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      setIndex((i) => nextIndex(i, count));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      setIndex((i) => previousIndex(i, count));
    }
  };
  return (
    <div className="carousel" role="group" aria-roledescription="carrousel" aria-label={`Foto's van ${name}`} onKeyDown={onKeyDown}>
      <img
        className="carousel-photo"
        src={photos[index]}
        alt={`Foto ${index + 1} van ${count}: werk van ${name}`}
        width={640}
        height={480}
      />
      {count > 1 && (
        <div className="carousel-controls">
          <button type="button" className="button button-secondary" onClick={() => setIndex((i) => previousIndex(i, count))}>
            <span aria-hidden="true">‹</span> Vorige foto
          </button>
          <p className="carousel-position" aria-live="polite">
            Foto {index + 1} van {count}
          </p>
          <button type="button" className="button button-secondary" onClick={() => setIndex((i) => nextIndex(i, count))}>
            Volgende foto <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
