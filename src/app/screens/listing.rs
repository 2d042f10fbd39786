//! The shape the catalogue lists share (orders, products, courses, a
//! course's enrollments): a `ListView` with an info line and a table, `/`,
//! sort, `R`, `Enter` on a row. Each list's own file says its columns, its
//! cells and what its keys open ([`Listed`]); this is the one `Component`
//! over them.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::{below, line};
use crate::app::list::{ListQuery, ListRow, ListView, TableSpec, rows_height};
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;
use crate::ui::table::{Cell, Column, fit_line};

use super::shared::toast;
use super::{Component, Ctx, Outcome};

/// A row of a catalogue list: what its table shows and what its keys open.
pub trait Listed: ListRow {
    const COLUMNS: &'static [Column];
    /// "orders", for "12 orders" and "loading orders…".
    const NOUN: &'static str;
    const SCOPE: Scope;
    /// What the screen-specific keys do on this row (`Enter`, …).
    fn act(&self, _action: Action, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    fn cells(&self) -> Vec<Cell>;
    /// What `y` copies from this row (an order's number, a customer's
    /// e-mail); nothing by default.
    fn copy_text(&self) -> Option<String> {
        None
    }
}

/// A catalogue list screen over rows `R`.
#[derive(Debug, Clone)]
pub struct Listing<R> {
    pub list: ListView<R>,
    pub query: ListQuery,
    crumb: String,
    /// Open the filter's only match once the list is complete (`:customer
    /// <e-mail>`); any key of the user's drops the wish.
    pub open_only_match: bool,
}

impl<R: Listed> Listing<R> {
    /// A new list and the command that loads it.
    pub fn open(ctx: &mut Ctx, query: ListQuery, crumb: String) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let mut list = ListView::new(req, &[]);
        list.set_height(rows_height(table_area(ctx.body)));
        (
            Self {
                list,
                query,
                crumb,
                open_only_match: false,
            },
            Cmd::LoadList { req, list: query },
        )
    }

    pub fn selected(&self) -> Option<&R> {
        self.list.selected()
    }

    /// Opens the filter's only match when asked to and the list is complete.
    pub fn open_if_only_match(&mut self, ctx: &mut Ctx) -> Outcome {
        if !self.open_only_match || !self.list.complete() {
            return Outcome::Stay;
        }
        self.open_only_match = false;
        match self.list.visible_row(0) {
            Some(row) if self.list.visible_len() == 1 => row.act(Action::Open, ctx),
            _ => Outcome::Stay,
        }
    }
}

/// Where a list's table goes in the body: below its info line.
pub fn table_area(body: Rect) -> Rect {
    below(body, 1)
}

/// The `Component` methods a screen whose body is a `ListView` (field
/// `$list`, its table in `$area(body)`) hands to it as they are: the wheel,
/// clicks, the selected line, the replies it owns, what streams, the size.
macro_rules! list_delegation {
    ($list:ident, $area:path) => {
        fn scroll(&mut self, delta: isize) {
            self.$list.scroll(delta);
        }

        fn selected_line(&self, body: Rect) -> Option<u16> {
            self.$list.selected_line($area(body))
        }

        fn click(&mut self, y: u16, body: Rect) {
            self.$list.click_in(y, $area(body));
        }

        fn owns(&self, req: ReqId) -> bool {
            self.$list.owns(req)
        }

        fn streaming(&self) -> Vec<ReqId> {
            self.$list.streaming()
        }

        fn fit(&mut self, body: Rect) {
            self.$list
                .set_height(crate::app::list::rows_height($area(body)));
        }

        fn typing(&self) -> bool {
            self.$list.filtering
        }
    };
}
pub(crate) use list_delegation;

impl<R: Listed> Component for Listing<R> {
    list_delegation!(list, table_area);
    fn scope(&self) -> Scope {
        R::SCOPE
    }

    fn crumb(&self) -> String {
        self.crumb.clone()
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        self.open_only_match = false;
        if self.list.act(action, R::COLUMNS.len()) {
            return Outcome::Stay;
        }
        if action == Action::Back {
            return if self.list.clear_filter() {
                Outcome::Stay
            } else {
                Outcome::Pop {
                    quit: ctx.keys.quits_at_root(R::SCOPE, &key),
                }
            };
        }
        match self.selected() {
            Some(row) => row.act(action, ctx),
            None => Outcome::Stay,
        }
    }

    fn text_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Option<Outcome> {
        self.open_only_match = false;
        self.list
            .text_key(key)
            .outcome(Outcome::Stay, || self.action(Action::Open, key, ctx))
    }

    fn reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        match reply {
            Reply::Page(page) => match toast(self.list.reply(req, page, R::NOUN)) {
                Outcome::Stay => self.open_if_only_match(ctx),
                other => other,
            },
            Reply::LocalPage(page) => toast(self.list.reply_local(req, page, R::NOUN)),
            _ => Outcome::Stay,
        }
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let req = ctx.ids.take();
        self.list.reload(req);
        vec![Cmd::LoadList {
            req,
            list: self.query,
        }]
    }

    fn copy_text(&self) -> Option<String> {
        self.selected().and_then(Listed::copy_text)
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        frame.render_widget(
            fit_line(
                self.list.info_line(R::NOUN, R::COLUMNS, theme),
                usize::from(area.width),
            ),
            line(area, 0),
        );
        let empty = format!("no {}", R::NOUN);
        self.list.render_table(
            frame,
            table_area(area),
            theme,
            &TableSpec {
                columns: R::COLUMNS,
                noun: R::NOUN,
                empty: &empty,
            },
            R::cells,
        );
    }
}
