//! The enroll-by-e-mail form: validated before sending, sent once, and on an
//! API error kept open with everything typed.

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tui_input::Input;
use tui_input::backend::crossterm::to_input_request;

use crate::api::NewAttendee;
use crate::api::settle::{Unsettled, Who};
use crate::app::cmd::Cmd;
use crate::app::ctx::Ctx;
use crate::app::layout::Layout;
use crate::app::state::ReqId;
use crate::ui::Theme;
use crate::ui::widgets;

use super::{OverlayComponent, OverlayOutcome, Sent};

/// The form's fields, in order.
pub const LABELS: [&str; 4] = ["E-mail", "Name", "Last name", "Type"];

/// The enroll form state.
#[derive(Debug, Clone)]
pub struct EnrollForm {
    /// The edition (or main event) enrolled into, and its name.
    pub event_id: u64,
    pub target: String,
    pub fields: [Input; 4],
    pub focus: usize,
    /// A message next to each field that does not validate.
    pub errors: [Option<String>; 4],
    /// The request being answered; while set, nothing more is sent.
    pub sending: Option<ReqId>,
    /// The API's message and code after a failed send.
    pub api_error: Option<String>,
    /// The e-mail whose enroll's outcome is unknown: Enter reads the
    /// tickets again for it rather than sending it again.
    pub unsettled: Option<String>,
}

impl EnrollForm {
    pub fn new(event_id: u64, target: String) -> Self {
        Self {
            event_id,
            target,
            fields: [
                Input::default(),
                Input::default(),
                Input::default(),
                Input::new("paid".into()),
            ],
            focus: 0,
            errors: Default::default(),
            sending: None,
            api_error: None,
            unsettled: None,
        }
    }

    pub fn value(&self, i: usize) -> &str {
        self.fields[i].value().trim()
    }

    /// Checks every field (its complaints in English, said in the
    /// staff's language when drawn: `field_error`); true when all are fine.
    pub fn validate(&mut self) -> bool {
        self.errors = [
            (!valid_email(self.value(0))).then(|| {
                if self.value(0).is_empty() {
                    "required".to_string()
                } else {
                    "not an e-mail address (name@example.com)".to_string()
                }
            }),
            self.value(1).is_empty().then(|| "required".to_string()),
            self.value(2).is_empty().then(|| "required".to_string()),
            self.value(3)
                .is_empty()
                .then(|| "required (e.g. paid)".to_string()),
        ];
        if let Some(first) = self.errors.iter().position(Option::is_some) {
            self.focus = first;
            false
        } else {
            true
        }
    }

    /// A key while the form is open.
    fn on_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        if self.sending.is_some() {
            // One send at a time: every key waits for the answer.
            return OverlayOutcome::Stay;
        }
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        match key.code {
            KeyCode::Esc => return OverlayOutcome::Close(vec![]),
            KeyCode::Tab if !shift => self.focus = (self.focus + 1) % 4,
            KeyCode::Down => self.focus = (self.focus + 1) % 4,
            KeyCode::BackTab | KeyCode::Up | KeyCode::Tab => self.focus = (self.focus + 3) % 4,
            KeyCode::Enter => {
                self.api_error = None;
                if !self.validate() {
                    return OverlayOutcome::Stay;
                }
                let req = ctx.ids.take();
                self.sending = Some(req);
                if let Some(email) = self
                    .unsettled
                    .clone()
                    .filter(|e| e.eq_ignore_ascii_case(self.value(0)))
                {
                    return OverlayOutcome::Run(vec![Cmd::Settle {
                        req,
                        write: Unsettled::Enroll {
                            event_id: self.event_id,
                            who: Who::Email(email),
                        },
                    }]);
                }
                return OverlayOutcome::Run(vec![Cmd::EnrollByEmail {
                    req,
                    event_id: self.event_id,
                    person: NewAttendee {
                        email: self.value(0).to_string(),
                        name: self.value(1).to_string(),
                        last_name: self.value(2).to_string(),
                    },
                    enrollment_type: self.value(3).to_string(),
                }]);
            }
            _ => {
                if let Some(r) = to_input_request(&TermEvent::Key(key)) {
                    self.fields[self.focus].handle(r);
                    self.errors[self.focus] = None;
                }
            }
        }
        OverlayOutcome::Stay
    }
}

/// A plausible e-mail address: one `@`, something before it, a dotted
/// domain after it, no spaces. The API has the last word.
pub fn valid_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && !s.chars().any(char::is_whitespace)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

impl OverlayComponent for EnrollForm {
    fn typing(&self) -> bool {
        self.sending.is_none()
    }

    fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> OverlayOutcome {
        self.on_key(key, ctx)
    }

    fn sending(&self) -> Option<ReqId> {
        self.sending
    }

    fn send_failed(&mut self, text: String, _refused: bool) {
        self.sending = None;
        self.api_error = Some(text);
        self.unsettled = None;
    }

    fn outcome_unknown(&mut self, text: String) {
        self.sending = None;
        self.api_error = Some(text);
        self.unsettled = Some(self.value(0).to_string());
    }

    fn sent_what(&self) -> Sent {
        Sent {
            who: self.value(0).to_string(),
            target: self.target.clone(),
            event_id: Some(self.event_id),
            customer_id: None,
        }
    }

    fn render(&self, frame: &mut Frame, layout: &Layout, theme: Theme) {
        view(frame, self, theme, layout);
    }
}

fn view(frame: &mut Frame, f: &EnrollForm, theme: Theme, layout: &Layout) {
    let t = theme.tongue();
    let title = t.t("enroll-title");
    let (send, next, cancel) = (t.t("enroll-send"), t.t("enroll-next"), t.t("enroll-cancel"));
    let inner = widgets::popup(frame, layout.popup(64, 16), theme, &title);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{} ", t.t("enroll-into")), theme.muted()),
        Span::styled(f.target.clone(), theme.header()),
    ])];
    let roomy = inner.height >= 12;
    if roomy {
        lines.push(Line::raw(""));
    }
    let label_w = 11;
    let input_w = usize::from(inner.width.saturating_sub(label_w + 3)).max(1);
    let mut cursor = None;
    let labels = [
        t.t("enroll-email"),
        t.t("enroll-name"),
        t.t("enroll-last-name"),
        t.t("enroll-type"),
    ];
    for (i, label) in labels.iter().enumerate() {
        let focused = i == f.focus && f.sending.is_none();
        let input = &f.fields[i];
        let scroll = input.visual_scroll(input_w);
        let shown = columns(input.value(), scroll, input_w);
        let marker = if focused { "›" } else { " " };
        let label_style = if focused { theme.focus() } else { theme.base() };
        lines.push(Line::from(vec![
            Span::styled(format!("{marker}{label:<10} "), label_style),
            Span::styled(
                format!(
                    "{shown}{}",
                    " ".repeat(input_w.saturating_sub(crate::ui::table::width(&shown)))
                ),
                if focused {
                    theme.selected()
                } else {
                    theme
                        .muted()
                        .add_modifier(ratatui::style::Modifier::UNDERLINED)
                },
            ),
        ]));
        if focused {
            let x = inner.x
                + label_w
                + u16::try_from(input.visual_cursor().saturating_sub(scroll)).unwrap_or(0);
            cursor = Some((x, inner.y + u16::try_from(lines.len() - 1).unwrap_or(0)));
        }
        match &f.errors[i] {
            Some(e) => lines.push(Line::styled(
                format!(
                    "{:label_w$}✗ {}",
                    "",
                    field_error(e, theme.tongue()),
                    label_w = usize::from(label_w)
                ),
                theme.error(),
            )),
            // Spacing only when there is room for it: the status line
            // (sending, the API's error) must stay in view.
            None if roomy => lines.push(Line::raw("")),
            None => {}
        }
    }
    if f.sending.is_some() && f.unsettled.is_some() {
        lines.push(Line::styled(t.t("enroll-rereading"), theme.header()));
    } else if f.sending.is_some() {
        lines.push(Line::styled(t.t("enroll-sending"), theme.header()));
    } else if let Some(e) = &f.api_error {
        lines.push(Line::styled(format!("✗ {e}"), theme.error()));
    } else {
        let mut hint = widgets::key_hint(theme, "Enter", &send);
        hint.extend(widgets::key_hint(theme, "Tab", &next));
        hint.extend(widgets::key_hint(theme, "Esc", &cancel));
        lines.push(Line::from(hint));
    }
    frame.render_widget(
        Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false }),
        inner,
    );
    if let Some(pos) = cursor {
        frame.set_cursor_position(pos);
    }
}

/// The part of `s` from display column `skip`, at most `width` columns wide
/// (tui-input scrolls by display columns, not by characters).
fn columns(s: &str, skip: usize, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let mut at = 0;
    let mut out = String::new();
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if at >= skip {
            if at + w > skip + width {
                break;
            }
            out.push(c);
        }
        at += w;
    }
    out
}

/// A field's complaint in `t`'s words (the API's own as it said it).
fn field_error(e: &str, t: &crate::i18n::Tongue) -> String {
    match e {
        "required" => t.t("enroll-required"),
        "not an e-mail address (name@example.com)" => t.t("enroll-not-an-email"),
        "required (e.g. paid)" => t.t("enroll-required-type"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{columns, valid_email};

    #[test]
    fn inputs_scroll_by_display_columns() {
        assert_eq!(columns("abcdef", 2, 3), "cde");
        assert_eq!(columns("山田太郎", 2, 4), "田太");
        assert_eq!(columns("山田太郎", 0, 3), "山");
    }

    #[test]
    fn e_mail_addresses_are_checked_for_their_shape() {
        assert!(valid_email("ana@example.com"));
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.com",
            "a b@example.com",
            "a@b",
            "a@.com",
            "a@b..com",
        ] {
            assert!(!valid_email(bad), "{bad}");
        }
    }
}
