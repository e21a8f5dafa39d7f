import { useCompanyInfo } from '@/features/company/api/get-company-info.ts';

export function Footer() {
  const company = useCompanyInfo();
  return (
    <footer className="shell__footer">
      © {new Date().getFullYear()} {company.data?.name ?? ''}
    </footer>
  );
}
