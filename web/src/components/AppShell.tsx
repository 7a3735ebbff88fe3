import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { EnvBanner, type Environment } from './EnvBanner';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, environment banner, content and footer; also frames the boot and root error screens. */
export function AppShell({ env, children }: { env?: Environment; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <div className="app">
      {navigation.state !== 'idle' && (
        <div className="progress-bar" role="progressbar" aria-label="Carregando" />
      )}
      <Header />
      {env && <EnvBanner env={env} />}
      <main className="container site-main">{children}</main>
      <Footer />
    </div>
  );
}
