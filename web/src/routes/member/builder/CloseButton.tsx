export function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="close-button" aria-label="Fechar" onClick={onClick}>
      ×
    </button>
  );
}
