import './CardList.css';

interface CardListProps {
  items: readonly { title: string; text: string }[];
  /** The list's grid ('card-grid', 'card-grid card-grid-3', 'benefit-grid'). */
  className?: string;
  /** Each card ('info-card', 'benefit-card'). */
  cardClassName?: string;
}

/** Cards of a public page, each a title (h3, under the section's h2) and a text. */
export function CardList({ items, className = 'card-grid', cardClassName = 'info-card' }: CardListProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title} className={cardClassName}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
