//! Today's edition: a desk opened on a main event reads the event and its
//! editions first and checks in the one running today (several: a choice;
//! none: the next, said so). An event that cannot be read for want of a
//! network is checked in as asked, from its offline list.

use crossterm::event::{KeyCode, KeyEvent};

use crate::api::model::Event;
use crate::app::cmd::Cmd;
use crate::app::list::ListQuery;
use crate::app::list::rows::EditionRow;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, error_text};

use super::{CheckinScreen, Ctx, EditionInfo, Outcome, Stage, Target, relative_day, todays};

impl CheckinScreen {
    pub(super) fn choosing_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Outcome {
        let Stage::Choosing {
            options,
            all,
            cursor,
            event_id,
            title,
        } = &mut self.stage
        else {
            return Outcome::Stay;
        };
        match key.code {
            KeyCode::Up => *cursor = cursor.saturating_sub(1),
            KeyCode::Down => *cursor = (*cursor + 1).min(options.len().saturating_sub(1)),
            KeyCode::Enter => {
                let Some(ed) = options.get(*cursor).cloned() else {
                    return Outcome::Stay;
                };
                self.target = Target {
                    event_id: ed.id,
                    title: format!("{title} — {}", ed.name),
                    parent_id: Some(*event_id),
                    editions: std::mem::take(all),
                };
                return Outcome::Run(self.begin(ctx));
            }
            _ => {}
        }
        Outcome::Stay
    }

    pub(super) fn finding_reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        let Stage::Finding {
            asked,
            title,
            event_req,
            event_id,
            editions_req,
            editions,
            failed,
        } = &mut self.stage
        else {
            return Outcome::Stay;
        };
        match reply {
            Reply::Event(result) if *event_req == Some(req) => {
                *event_req = None;
                match result {
                    Ok((event, _)) => {
                        let Event { id, name, .. } = event;
                        if let Some(name) = name {
                            *title = name;
                        }
                        *event_id = Some(id);
                        // Asked by hash: the editions are read now that the
                        // id is known (an id asked for read them at once).
                        if editions_req.is_none() && asked.parse::<u64>().is_err() {
                            let r = ctx.ids.take();
                            *editions_req = Some(r);
                            return Outcome::Run(vec![Cmd::LoadList {
                                req: r,
                                list: ListQuery::Editions { event_id: id },
                            }]);
                        }
                    }
                    Err(e) => {
                        let text = format!("event {asked}: {}", error_text(&e));
                        if let (Ok(id), true) = (asked.parse::<u64>(), e.is_transient()) {
                            let title = title.clone();
                            return self.open_offline(id, title, &text, ctx);
                        }
                        if editions_req.is_none() {
                            *failed = Some(text.clone());
                            return Outcome::Stay;
                        }
                    }
                }
            }
            Reply::Page(page) if *editions_req == Some(req) => match page {
                Ok(p) => {
                    if let Some(rows) = p.rows.take::<EditionRow>() {
                        editions.extend(rows.iter().map(EditionInfo::of));
                    }
                    if p.meta.page < p.meta.pages {
                        return Outcome::Stay;
                    }
                    *editions_req = None;
                }
                Err(e) => {
                    let text = format!("editions: {}", error_text(&e));
                    if let (Ok(id), true) = (asked.parse::<u64>(), e.is_transient()) {
                        let title = title.clone();
                        return self.open_offline(id, title, &text, ctx);
                    }
                    *failed = Some(text.clone());
                    *editions_req = None;
                    return Outcome::Stay;
                }
            },
            _ => return Outcome::Stay,
        }
        if event_req.is_some() || editions_req.is_some() {
            return Outcome::Stay;
        }
        let Some(id) = *event_id else {
            return Outcome::Stay;
        };
        let (title, editions) = (title.clone(), std::mem::take(editions));
        self.pick_edition(id, title, editions, ctx)
    }

    /// The event could not be read for want of a network (a transient
    /// error: an unknown event is said as such): the desk checks in `id` as
    /// asked, from its offline list, and says why.
    fn open_offline(&mut self, id: u64, title: String, why: &str, ctx: &mut Ctx) -> Outcome {
        self.target = Target {
            event_id: id,
            title,
            parent_id: None,
            editions: Vec::new(),
        };
        self.note = Some(format!("{why}: checking in {id} from the offline list"));
        Outcome::Run(self.begin(ctx))
    }

    /// The main event `id` and its editions are known: today's edition is
    /// checked in (several: which?; none: the next, saying so).
    fn pick_edition(
        &mut self,
        id: u64,
        title: String,
        editions: Vec<EditionInfo>,
        ctx: &mut Ctx,
    ) -> Outcome {
        // An edition asked for by its id lists itself as its edition: it
        // is checked in as it is.
        let editions: Vec<EditionInfo> = editions.into_iter().filter(|e| e.id != id).collect();
        if editions.is_empty() {
            self.target = Target {
                event_id: id,
                title,
                parent_id: None,
                editions,
            };
            return Outcome::Run(self.begin(ctx));
        }
        let (found, today) = todays(&editions, |e| (e.start.as_str(), e.end.as_str()), ctx.wall);
        let found: Vec<EditionInfo> = found.into_iter().cloned().collect();
        match found.as_slice() {
            [] => {
                self.stage = Stage::Finding {
                    asked: id.to_string(),
                    title: title.clone(),
                    event_req: None,
                    event_id: Some(id),
                    editions_req: None,
                    editions: Vec::new(),
                    failed: Some(format!("{title}: no edition today or later")),
                };
                Outcome::Stay
            }
            [one] => {
                if !today {
                    self.note = Some(format!(
                        "no edition today: checking in the next, {} ({})",
                        one.name,
                        relative_day(&one.start, ctx.wall)
                    ));
                }
                self.target = Target {
                    event_id: one.id,
                    title: format!("{title} — {}", one.name),
                    parent_id: Some(id),
                    editions,
                };
                Outcome::Run(self.begin(ctx))
            }
            _ => {
                self.stage = Stage::Choosing {
                    title,
                    event_id: id,
                    options: found,
                    all: editions,
                    cursor: 0,
                };
                Outcome::Stay
            }
        }
    }
}
