// The product mark: a rounded square with 'LT'.
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#4338ca" />
      <path d="M9 22V10h2.4v9.9H16V22zM17 10h7v2h-2.3v10h-2.4V12H17z" fill="#fff" />
    </svg>
  );
}
