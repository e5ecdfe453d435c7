import type { Category } from '../../../api/public';
import { RadioCards } from '../../../components/RadioCards';
import { SERVICE_CATEGORIES } from '../../../content/site';
import type { StepProps } from './stepProps';

/** Step 1: the kind of job, one card per category (the loaded list, or the built-in five). */
export function SoortKlus({ data, update, errors, categories }: StepProps & { categories: readonly Category[] }) {
  return (
    <RadioCards
      {...errors.wiring('categorie')}
      legend="Welke klus wilt u laten doen?"
      options={categories.map((category) => ({
        value: category.key,
        title: category.label,
        text: SERVICE_CATEGORIES.find((c) => c.key === category.key)?.short,
      }))}
      value={data.categorie}
      onChange={(key) => update('categorie', key)}
    />
  );
}
