/**
 * The state of the request wizard: the answers, the current step, its problem, the lists it
 * loads, the draft in session storage, sending, and where focus goes next. The page and the step
 * components only render what this hook holds and call what it returns.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchCategories, fetchTowns, submitAanvraag, type AanvraagPayload, type Category } from '../../api/public';
import { failureLines, useFieldErrors, useFocusAfterRender } from '../../components/useFieldErrors';
import { SERVICE_CATEGORIES } from '../../content/site';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import { useHydrated } from '../../useHydrated';
import { readDraft, writeDraft, type Draft } from './draft';
import { loadedLaterSteps, loadLaterSteps } from './laterStepsLoader';
import { ALERT_ID, ID, type Towns } from './steps/stepProps';
import {
  checkStep,
  emptyAanvraag,
  firstFailingStep,
  MSG,
  preselectedCategory,
  STEP_COUNT,
  STEP_FIELDS,
  stepOf,
  STEPS,
  SUCCESS_CLOSE_MS,
  toPayload,
  type Field,
  type Step,
  type StepProblem,
} from './logic';

/**
 * Where the wizard starts: the draft of this session (at its step, or at the first step that no
 * longer passes), with the category of ?categorie= when it names one of the built-in ones.
 */
function restore(params: URLSearchParams, today: Date): Draft {
  const fromQuery = preselectedCategory(params);
  const draft = readDraft();
  if (draft === null) return { data: emptyAanvraag(fromQuery), step: 1 };
  const data = fromQuery === '' ? draft.data : { ...draft.data, categorie: fromQuery };
  const failing = firstFailingStep(data, today) ?? 4;
  return { data, step: Math.min(draft.step, failing) as Step };
}

export function useAanvraagWizard() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The first day that may be chosen: the Dutch date (@klusmaat/shared-ui/calendar), the one the server checks
  // the wished date against. The one place the wizard reads the clock.
  const today = useMemo(() => todayNL(), []);
  // False while the prerendered page is hydrated (and while it is prerendered): the first render
  // must then be the HTML's, the empty first step; the draft and ?categorie= follow right after.
  const hydrated = useHydrated();

  const [initial] = useState<Draft>(() => (hydrated ? restore(params, today) : { data: emptyAanvraag(), step: 1 }));
  const [data, setData] = useState<AanvraagPayload>(initial.data);
  const [step, setStep] = useState<Step>(initial.step);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ emailGiven: boolean } | null>(null);
  const [categories, setCategories] = useState<Category[]>(() =>
    SERVICE_CATEGORIES.map(({ key, label }) => ({ key, label })),
  );
  const [towns, setTowns] = useState<Towns>('loading');
  const errors = useFieldErrors<Field>(ID, ALERT_ID, problem?.fields);

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(true);

  // Focus: the step heading after a step change, the first invalid field after an error.
  const focusAfterRender = useFocusAfterRender<Field | 'heading' | 'submit'>((target) => {
    const form = formRef.current;
    if (target === 'heading') return headingRef.current;
    if (target === 'submit') return form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (target === 'datum') return form?.querySelector<HTMLElement>('.calendar-grid button[tabindex="0"]');
    if (target === 'categorie' || target === 'tijd' || target === 'contact_voorkeur')
      return (
        form?.querySelector<HTMLElement>(`input[name="${target}"]:checked`) ??
        form?.querySelector<HTMLElement>(`input[name="${target}"]`)
      );
    return document.getElementById(`${ID}-${target}`);
  });

  // The query (?categorie=) is read once, like the initial state: a later change of the URL's
  // query does not reload the lists.
  const initialParams = useRef(params);

  // After hydrating the prerendered first step: the draft and ?categorie=, before the next paint.
  // A draft at a later step moves there once that step's code is loaded (laterStepsLoader.ts),
  // in one change of the page rather than two (a placeholder first, then the step); meanwhile
  // the first step shows with the draft's answers.
  const restored = useRef(hydrated);
  useLayoutEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const start = restore(initialParams.current, today);
    setData(start.data);
    if (start.step === 1 || loadedLaterSteps() !== undefined) {
      setStep(start.step);
      return;
    }
    // Loaded or not (a failed load: the step then says so and offers to try again).
    const moveOn = () => {
      if (mounted.current) setStep((current) => (current === 1 ? start.step : current));
    };
    loadLaterSteps().then(moveOn, moveOn);
  }, [today]);
  useEffect(() => {
    mounted.current = true;
    const params = initialParams.current;
    const controller = new AbortController();
    fetchCategories(undefined, controller.signal)
      .then((items) => {
        if (items.length === 0) return;
        setCategories(items);
        // D9: the categories are data, so ?categorie= is checked against the loaded list.
        const requested = params.get('categorie');
        if (requested === null) return;
        const known = preselectedCategory(params, items.map((c) => c.key));
        setData((current) => {
          if (known !== '') return current.categorie === known ? current : { ...current, categorie: known };
          return current.categorie === requested ? { ...current, categorie: '' } : current;
        });
      })
      .catch(() => {
        // The built-in list of the five public categories stays.
      });
    fetchTowns(undefined, controller.signal)
      .then((items) => setTowns(items.length > 0 ? items : 'error'))
      .catch(() => {
        if (!controller.signal.aborted) setTowns('error');
      });
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (done === null) writeDraft({ data, step });
  }, [data, step, done]);

  // After a successful request: the dialog closes itself after 5 s and the visitor goes home.
  useEffect(() => {
    if (done === null) return;
    writeDraft(null);
    const timer = setTimeout(() => navigate('/'), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const update = <K extends Field>(field: K, value: AanvraagPayload[K]) => {
    const next = { ...data, [field]: value };
    setData(next);
    errors.clearServerError(field);
    // Once a step showed its message, it follows the visitor's corrections.
    if (problem !== null) setProblem(checkStep(step, next, today));
  };

  const goTo = (target: Step) => {
    setStep(target);
    setProblem(null);
    setSubmitError(null);
    focusAfterRender('heading');
  };

  const next = () => {
    const found = checkStep(step, data, today);
    setProblem(found);
    if (found !== null) {
      focusAfterRender(found.fields[0] ?? 'heading');
      return;
    }
    goTo(Math.min(step + 1, STEP_COUNT) as Step);
  };

  const previous = () => {
    if (step > 1) goTo((step - 1) as Step);
  };

  const submit = async () => {
    if (sending) return;
    const found = checkStep(4, data, today) ?? null;
    const earlier = firstFailingStep(data, today);
    if (found !== null || (earlier !== null && earlier < 4)) {
      const failing = earlier ?? 4;
      const stepProblem = checkStep(failing, data, today);
      if (failing !== step) setStep(failing);
      setProblem(stepProblem);
      focusAfterRender(stepProblem?.fields[0] ?? 'heading');
      return;
    }
    setProblem(null);
    setSubmitError(null);
    errors.clearServerErrors();
    setSending(true);
    const payload = toPayload(data);
    const result = await submitAanvraag(payload);
    if (!mounted.current) return;
    setSending(false);
    if (result.kind === 'ok') {
      // Only the server knows whether a confirmation goes out: it sends none beyond a few per
      // address per hour, and the dialog must not promise one then.
      setDone({ emailGiven: result.body.email_verstuurd });
      return;
    }
    if (result.kind === 'invalid') {
      const fields = errors.showServerErrors(result.fields, STEPS.flatMap((s) => STEP_FIELDS[s]));
      setSubmitError([MSG.failed]);
      const first = fields[0];
      if (first !== undefined) {
        setStep(stepOf(first));
        focusAfterRender(first);
      } else {
        focusAfterRender('submit');
      }
      return;
    }
    setSubmitError(failureLines(result, MSG.failed));
    focusAfterRender('submit');
  };

  /** Enter or the main button: the next step, or sending on the last one. */
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < STEP_COUNT) next();
    else void submit();
  };

  return {
    today,
    data,
    step,
    /** The alert's lines: the step's own message, else those of a failed submission; null: none. */
    alert: problem !== null ? [problem.message] : submitError,
    sending,
    done,
    categories,
    towns,
    errors,
    formRef,
    headingRef,
    update,
    previous,
    onSubmit,
    goHome: () => navigate('/'),
    /** False until React runs the page (its prerendered HTML has the buttons disabled). */
    hydrated,
  };
}
