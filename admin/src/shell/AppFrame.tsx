import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/notifications/styles.css';
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { lazy, ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CollectionsNav } from './CollectionsNav';
import { Crumbs } from './Crumbs';
import { SECTIONS } from './sections';
import type { Me } from './studio-data';
import { useSearchShortcut } from './keys';
import { ThemeSwitch } from './ThemeSwitch';
import { applyStudioLanguage } from '../i18n';

const Inbox = lazy(() => import('./Inbox'));

interface Props {
  me: Me;
  /** Admin access from any of the user's policies (GET /policies/me/globals). */
  admin: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

/** The signed-in Studio around every page: a header with the breadcrumbs, a collapsible navigation, notifications. */
export function AppFrame({ me, admin, onSignOut, children }: Props) {
  // Closed on a phone until asked for; open on a wide screen until put away.
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  // A put-away navigation is only moved off screen; hidden and inert, it is also out of the tab order and the accessibility tree.
  const phone = useMediaQuery('(max-width: 48em)');
  const navHidden = phone ? !mobileOpen : !desktopOpen;
  useSearchShortcut();
  const { t } = useTranslation('shell');
  // The user's language, at sign-in and whenever it changes (the profile page saves it).
  useEffect(() => void applyStudioLanguage(me.language), [me.language]);
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
      padding="md"
    >
      <Notifications position="top-right" />
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <NavBurger opened={mobileOpen} onToggle={mobile.toggle} wide={false} />
          <NavBurger opened={desktopOpen} onToggle={desktop.toggle} wide />
          <Text fw={700} visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
            Vellum Studio
          </Text>
          <Crumbs />
          <Suspense fallback={null}>
            <div style={{ marginLeft: 'auto' }}>
              <Inbox userId={me.id} />
            </div>
          </Suspense>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" inert={navHidden} style={{ visibility: navHidden ? 'hidden' : undefined }}>
        <AppShell.Section grow component={ScrollArea}>
          <Sections admin={admin} onNavigate={mobile.close} />
          <Text size="xs" fw={700} tt="uppercase" mt="md" mb={4} px="sm" aria-hidden>
            {t('collections')}
          </Text>
          <CollectionsNav onNavigate={mobile.close} />
        </AppShell.Section>
        <NavFooter email={me.email} onSignOut={onSignOut} />
      </AppShell.Navbar>
      <AppShell.Main style={{ minWidth: 0 }}>{children}</AppShell.Main>
    </AppShell>
  );
}

/** The navigation's toggle: on a phone (hidden from small screens up) or on a wide screen (visible from them). */
function NavBurger({ opened, onToggle, wide }: { opened: boolean; onToggle: () => void; wide: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Burger
      opened={opened}
      onClick={onToggle}
      hiddenFrom={wide ? undefined : 'sm'}
      visibleFrom={wide ? 'sm' : undefined}
      size="sm"
      aria-label={t('navigation')}
      aria-expanded={opened}
    />
  );
}

/** The navigation's foot: the colour scheme, who is signed in, and signing out. */
function NavFooter({ email, onSignOut }: { email: Props['me']['email']; onSignOut: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <ThemeSwitch />
      <Text size="sm" mt="xs" truncate>
        {email}
      </Text>
      <Button variant="default" size="xs" mt={6} fullWidth onClick={onSignOut}>
        {t('signOut')}
      </Button>
    </AppShell.Section>
  );
}

function Sections({ admin, onNavigate }: { admin: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={t('sections')}>
      {SECTIONS.filter((s) => admin || !s.admin).map((s) => {
        const active = pathname === `/${s.path}` || pathname.startsWith(`/${s.path}/`);
        return (
          <NavLink
            key={s.path}
            component={Link}
            to={`/${s.path}`}
            label={t(`labels.${s.label}`)}
            active={active}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
          />
        );
      })}
    </nav>
  );
}
