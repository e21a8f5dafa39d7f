import { useSearchParams } from 'react-router-dom';

/** `?employee=ID` (HR opening someone's record from a bell); null: the caller's own. */
export function useEmployeeParam(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get('employee'));
  return Number.isInteger(value) && value > 0 ? value : null;
}
