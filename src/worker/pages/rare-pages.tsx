// The pages drawn apart from the main Worker, by the picture Worker (src/pictures/index.ts `page`),
// so that their markup stays out of the main Worker's bundle (issue 17: 200 KiB gzipped): the home
// page and a new game's links; a player's own page (/me), finished games, signing in, the lobby and
// a challenge's page; the tournaments, a tournament, a leaderboard, a player's profile; an
// address's confirmation and unsubscribe pages, linking a chat, the rules, a mailed link's button,
// a new key, settings saved, a game's resign asked again and its new webhook's secret. The main
// Worker reads the data, sends it with who is looking (the header's signed-in player), and serves
// the HTML that comes back (an RPC costs less than the bytes, even on a page visited often).
import { ChatLinksSection, ConfirmDiscordPage, TelegramLinkPage } from './chat-links.tsx';
import { AddressConfirmedPage, ConfirmAddressPage, UnsubscribedPage, UnsubscribePage } from './confirm-address.tsx';
import { LeaderboardPage, TournamentPage, TournamentsPage } from './league.tsx';
import { ProfilePage } from './profile.tsx';
import { EmailConfirmedPage, KeyPage, LinkButtonPage, NewKeyPage, SettingsSavedPage } from './me-rare.tsx';
import { ChallengePage, LobbyPage } from './challenges.tsx';
import { FinishedPage, MePage } from './me.tsx';
import { NotifyChoicesForm } from './me-notify.tsx';
import { ConfirmEndPage, SettingsPage } from './game-rare.tsx';
import { CreatedPage, HomePage } from './home.tsx';
import { lookupIn, type RatingTable } from './rating-badge.tsx';
import { PageInfo, type PageContext } from './site.tsx';
import type { VariantName } from '../../engine/types.ts';
import { RULES } from './rules-content.ts';
import { rulesDiagrams } from './rules-page-diagrams.ts';
import { RulesIndexPage, RulesPage } from './rules.tsx';

/** A rare page and its props, as they travel over RPC (plain data: the tournament's ratings as a table, not a function). */
export type RarePage =
  | { readonly name: 'leaderboard'; readonly props: Parameters<typeof LeaderboardPage>[0] }
  | { readonly name: 'tournaments'; readonly props: Parameters<typeof TournamentsPage>[0] }
  | {
      readonly name: 'tournament';
      readonly props: Omit<Parameters<typeof TournamentPage>[0], 'ratings' | 'children'> & { readonly ratings: RatingTable };
    }
  | { readonly name: 'profile'; readonly props: Parameters<typeof ProfilePage>[0] }
  | { readonly name: 'confirm-address'; readonly props: Parameters<typeof ConfirmAddressPage>[0] }
  | { readonly name: 'address-confirmed'; readonly props: Parameters<typeof AddressConfirmedPage>[0] }
  | { readonly name: 'unsubscribe'; readonly props: Parameters<typeof UnsubscribePage>[0] }
  | { readonly name: 'unsubscribed'; readonly props: Parameters<typeof UnsubscribedPage>[0] }
  | { readonly name: 'confirm-discord'; readonly props: Parameters<typeof ConfirmDiscordPage>[0] }
  | { readonly name: 'telegram-link'; readonly props: Parameters<typeof TelegramLinkPage>[0] }
  | { readonly name: 'sign-in'; readonly props: Parameters<typeof KeyPage>[0] }
  | { readonly name: 'challenge'; readonly props: Parameters<typeof ChallengePage>[0] }
  | { readonly name: 'email-confirmed'; readonly props: Parameters<typeof EmailConfirmedPage>[0] }
  | {
      readonly name: 'me';
      readonly props: Omit<Parameters<typeof MePage>[0], 'ratings' | 'children'> & {
        readonly ratings: RatingTable;
        /** The notification choices' form and the chat bots' section, drawn inside the page. */
        readonly notify: Parameters<typeof NotifyChoicesForm>[0];
        readonly chat: Parameters<typeof ChatLinksSection>[0] | null;
      };
    }
  | { readonly name: 'finished'; readonly props: Parameters<typeof FinishedPage>[0] }
  | { readonly name: 'lobby'; readonly props: Omit<Parameters<typeof LobbyPage>[0], 'ratings'> & { readonly ratings: RatingTable } }
  | { readonly name: 'link-button'; readonly props: Parameters<typeof LinkButtonPage>[0] }
  | { readonly name: 'new-key'; readonly props: Parameters<typeof NewKeyPage>[0] }
  | { readonly name: 'settings-saved'; readonly props: Parameters<typeof SettingsSavedPage>[0] }
  | { readonly name: 'confirm-end'; readonly props: Parameters<typeof ConfirmEndPage>[0] }
  | { readonly name: 'webhook-secret'; readonly props: Parameters<typeof SettingsPage>[0] }
  | { readonly name: 'home'; readonly props: Parameters<typeof HomePage>[0] }
  | { readonly name: 'created'; readonly props: Parameters<typeof CreatedPage>[0] }
  | { readonly name: 'rules-index'; readonly props: Record<string, never> }
  | { readonly name: 'rules'; readonly props: { readonly variant: VariantName } };

function element(request: RarePage) {
  switch (request.name) {
    case 'leaderboard':
      return <LeaderboardPage {...request.props} />;
    case 'tournaments':
      return <TournamentsPage {...request.props} />;
    case 'tournament':
      return <TournamentPage {...request.props} ratings={lookupIn(request.props.ratings)} />;
    case 'profile':
      return <ProfilePage {...request.props} />;
    case 'confirm-address':
      return <ConfirmAddressPage {...request.props} />;
    case 'address-confirmed':
      return <AddressConfirmedPage {...request.props} />;
    case 'unsubscribe':
      return <UnsubscribePage {...request.props} />;
    case 'unsubscribed':
      return <UnsubscribedPage {...request.props} />;
    case 'confirm-discord':
      return <ConfirmDiscordPage {...request.props} />;
    case 'telegram-link':
      return <TelegramLinkPage {...request.props} />;
    case 'me': {
      const { ratings, notify, chat, ...props } = request.props;
      return (
        <MePage {...props} ratings={lookupIn(ratings)}>
          <NotifyChoicesForm {...notify} />
          {chat ? <ChatLinksSection {...chat} /> : null}
        </MePage>
      );
    }
    case 'finished':
      return <FinishedPage {...request.props} />;
    case 'lobby':
      return <LobbyPage {...request.props} ratings={lookupIn(request.props.ratings)} />;
    case 'email-confirmed':
      return <EmailConfirmedPage {...request.props} />;
    case 'challenge':
      return <ChallengePage {...request.props} />;
    case 'sign-in':
      return <KeyPage {...request.props} />;
    case 'link-button':
      return <LinkButtonPage {...request.props} />;
    case 'new-key':
      return <NewKeyPage {...request.props} />;
    case 'settings-saved':
      return <SettingsSavedPage {...request.props} />;
    case 'confirm-end':
      return <ConfirmEndPage {...request.props} />;
    case 'webhook-secret':
      return <SettingsPage {...request.props} />;
    case 'home':
      return <HomePage {...request.props} />;
    case 'created':
      return <CreatedPage {...request.props} />;
    case 'rules-index':
      return <RulesIndexPage rules={RULES} />;
    case 'rules':
      return <RulesPage rules={RULES} variant={request.props.variant} diagrams={rulesDiagrams(request.props.variant)} />;
  }
}

/** The whole HTML document of a rare page, its header drawn for `context` as every page's is. */
export const renderRarePage = (request: RarePage, context: PageContext): string => String(<PageInfo value={context}>{element(request)}</PageInfo>);
