//! The shape the lists over streamed rows share (customers, orders,
//! products, courses, a course's enrollments, the audit log): a `ListView`
//! with an info line and a table, `/`, sort, `R`, `Enter` on a row. Each
//! list's own file is a [`View`]: which rows, which of their fields as
//! columns, its default sort, what its keys open. [`Listing`] is the one
//! `Component` over them. A second view over rows already listed is one
//! more file with a `View` of its own: the row needs no wrapper.

use std::marker::PhantomData;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::cmd::Cmd;
use crate::app::keymap::{Action, Scope};
use crate::app::layout::{below, line};
use crate::app::list::{Col, ListQuery, ListRow, ListView, Sort, TableSpec, rows_height};
use crate::app::msg::Reply;
use crate::app::state::ReqId;
use crate::ui::Theme;
use crate::ui::table::{Cell, fit_line};

use super::component::{Component, Outcome};
use super::shared::toast;
use crate::app::ctx::Ctx;

/// A list screen over rows that stream: its rows, their fields as its
/// columns, its noun and keys, its default sort, what its keys open.
pub trait View: Clone + std::fmt::Debug + 'static {
    type Row: ListRow;
    /// The columns: how each is drawn and the row's field it shows and
    /// sorts by.
    const COLUMNS: &'static [Col<Self::Row>];
    /// "orders", for "12 orders" and "loading orders…".
    const NOUN: &'static str;
    const SCOPE: Scope;
    /// The sort it opens with (`None`: the order the list comes in).
    const SORT: Option<Sort> = None;
    /// Whether, unsorted, the filter's matches are shown best first
    /// ([`ListRow::rank`]).
    const RANKED: bool = false;
    /// What the screen-specific keys do on a row (`Enter`, …).
    fn act(_row: &Self::Row, _action: Action, _ctx: &mut Ctx) -> Outcome {
        Outcome::Stay
    }
    /// A row's cells (default: its columns' fields, as written).
    fn cells(row: &Self::Row) -> Vec<Cell> {
        Self::COLUMNS
            .iter()
            .map(|c| Cell::new(c.field.value(row)))
            .collect()
    }
    /// What `y` copies from a row (an order's number, a customer's
    /// e-mail); nothing by default.
    fn copy_text(_row: &Self::Row) -> Option<String> {
        None
    }
}

/// A list screen: the view `V` over its streamed rows.
#[derive(Debug, Clone)]
pub struct Listing<V: View> {
    pub list: ListView<V::Row>,
    pub query: ListQuery,
    crumb: String,
    /// Open the filter's only match once the list is complete (`:customer
    /// <e-mail>`); any key of the user's drops the wish.
    pub open_only_match: bool,
    view: PhantomData<V>,
}

impl<V: View> Listing<V> {
    /// A new list and the command that loads it.
    pub fn open(ctx: &mut Ctx, query: ListQuery, crumb: String) -> (Self, Cmd) {
        let req = ctx.ids.take();
        let mut list = ListView::new(req, V::COLUMNS);
        if V::RANKED {
            list = list.ranked();
        }
        list.sort = V::SORT;
        list.set_height(rows_height(table_area(ctx.body)));
        (
            Self {
                list,
                query,
                crumb,
                open_only_match: false,
                view: PhantomData,
            },
            Cmd::LoadList { req, list: query },
        )
    }

    pub fn selected(&self) -> Option<&V::Row> {
        self.list.selected()
    }

    /// Opens the filter's only match when asked to and the list is complete.
    pub fn open_if_only_match(&mut self, ctx: &mut Ctx) -> Outcome {
        if !self.open_only_match || !self.list.complete() {
            return Outcome::Stay;
        }
        self.open_only_match = false;
        match self.list.visible_row(0) {
            Some(row) if self.list.visible_len() == 1 => V::act(row, Action::Open, ctx),
            _ => Outcome::Stay,
        }
    }
}

/// `R` on a list: `query` read again behind the rows shown
/// (`ListView::reload`), every list screen's the same way.
pub fn read_again<R: ListRow>(list: &mut ListView<R>, query: ListQuery, ctx: &mut Ctx) -> Vec<Cmd> {
    let req = ctx.ids.take();
    list.reload(req);
    vec![Cmd::LoadList { req, list: query }]
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

impl<V: View> Component for Listing<V> {
    list_delegation!(list, table_area);
    fn scope(&self) -> Scope {
        V::SCOPE
    }

    fn crumb(&self, t: &crate::i18n::Tongue) -> String {
        t.screen_title(&self.crumb)
    }

    fn action(&mut self, action: Action, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        self.open_only_match = false;
        if self.list.act(action) {
            return Outcome::Stay;
        }
        if action == Action::Back {
            return if self.list.clear_filter() {
                Outcome::Stay
            } else {
                Outcome::Pop {
                    quit: ctx.keys.quits_at_root(V::SCOPE, &key),
                }
            };
        }
        match self.selected() {
            Some(row) => V::act(row, action, ctx),
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
            Reply::Page(page) => {
                match toast(self.list.reply(req, page, (V::NOUN, ctx.lang.tongue()))) {
                    Outcome::Stay => self.open_if_only_match(ctx),
                    other => other,
                }
            }
            Reply::LocalPage(page) => toast(self.list.reply_local(
                req,
                page,
                (V::NOUN, ctx.lang.tongue()),
            )),
            _ => Outcome::Stay,
        }
    }

    fn refresh(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        read_again(&mut self.list, self.query, ctx)
    }

    fn copy_text(&self) -> Option<String> {
        self.selected().and_then(V::copy_text)
    }

    fn look_for(&mut self, text: &str, ctx: &mut Ctx) -> Outcome {
        self.list.set_filter(text);
        self.list.select(0);
        self.open_only_match = true;
        self.open_if_only_match(ctx)
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: Theme) {
        frame.render_widget(
            fit_line(self.list.info_line(V::NOUN, theme), usize::from(area.width)),
            line(area, 0),
        );
        let t = theme.tongue();
        let empty = t.ta("empty-none", &[("noun", &t.list_noun(V::NOUN))]);
        self.list.render_table(
            frame,
            table_area(area),
            theme,
            &TableSpec {
                noun: V::NOUN,
                empty: &empty,
            },
            V::cells,
        );
    }
}
