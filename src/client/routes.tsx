// Every route of docs/product.md, Routes. CodeMirror and pdf.js are loaded lazily by the editor panels.
import { Route, Switch } from 'wouter';
import { AccountPage } from './pages/account';
import { AuthPage } from './pages/auth';
import { ConfirmEmailPage } from './pages/confirm-email';
import { HistoryPage } from './pages/history';
import { HomePage } from './pages/home';
import { LoginPage } from './pages/login';
import { NotFoundPage } from './pages/not-found';
import { RefillPage } from './pages/refill';
import { RegisterPage } from './pages/register';
import { ResetPasswordPage } from './pages/reset-password';
import { SubscribePage } from './pages/subscribe';
import { SuccessPage } from './pages/success';
import { TemplatePage } from './pages/template';
import { UiPlaygroundPage } from './pages/ui-playground';
import { VerifyEmailPage } from './pages/verify-email';

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/auth" component={AuthPage} />
      <Route path="/history" component={HistoryPage} />
      <Route path="/document-history" component={HistoryPage} />
      <Route path="/account" component={AccountPage} />
      <Route path="/subscribe" component={SubscribePage} />
      <Route path="/refill" component={RefillPage} />
      <Route path="/success" component={SuccessPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/confirm-email" component={ConfirmEmailPage} />
      <Route path="/template/:type">{(params) => <TemplatePage type={params.type} />}</Route>
      <Route path="/ui-playground" component={UiPlaygroundPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
