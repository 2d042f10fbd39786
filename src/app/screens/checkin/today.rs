//! Finding the door: the desk reads what `door::Finding` needs (the event
//! or edition asked for, its main event, their editions) and checks in
//! what it opens — today's edition of a main event (several: a choice;
//! none: the next, said so), or the edition asked for, knowing its main
//! event's other editions. An event that cannot be read for want of a
//! network is checked in as asked, from its offline list.

use crossterm::event::{KeyCode, KeyEvent};

use crate::app::cmd::Cmd;
use crate::app::list::ListQuery;
use crate::app::list::rows::EditionRow;
use crate::app::msg::Reply;
use crate::app::state::{ReqId, error_line};
use crate::door::{EventFacts, Need, Opened, Target};

use super::{CheckinScreen, Ctx, Outcome, Stage, edition_info};

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
                self.lane.target = Target {
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

    /// Asks for what the finding needs and is not asked yet.
    pub(super) fn read_needs(&mut self, ctx: &mut Ctx) -> Vec<Cmd> {
        let Stage::Finding { finding, asked, .. } = &mut self.stage else {
            return vec![];
        };
        let mut cmds = Vec::new();
        for need in finding.needs() {
            if asked.iter().any(|(_, n)| *n == need) {
                continue;
            }
            let req = ctx.ids.take();
            cmds.push(match &need {
                Need::Event(id) => Cmd::LoadEvent {
                    req,
                    id: id.clone(),
                },
                Need::Editions(event_id) => Cmd::LoadList {
                    req,
                    list: ListQuery::Editions {
                        event_id: *event_id,
                    },
                },
            });
            asked.push((req, need));
        }
        cmds
    }

    pub(super) fn finding_reply(&mut self, req: ReqId, reply: Reply, ctx: &mut Ctx) -> Outcome {
        let Stage::Finding {
            finding,
            asked,
            failed,
        } = &mut self.stage
        else {
            return Outcome::Stay;
        };
        let Some(i) = asked.iter().position(|(r, _)| *r == req) else {
            return Outcome::Stay;
        };
        let need = asked[i].1.clone();
        let failure = match (reply, &need) {
            (Reply::Event(Ok((event, raw))), _) => {
                asked.remove(i);
                finding.event_read(EventFacts::of(&event, &raw));
                None
            }
            (Reply::Event(Err(e)), Need::Event(id)) => {
                asked.remove(i);
                let error = error_line(&e, self.lang.tongue());
                let text = self.lang.tongue().ta("desk-event-failed", &[("id", id), ("error", &error)]);
                Some((text, e.is_transient()))
            }
            (Reply::Page(Ok(p)), Need::Editions(of)) => {
                let rows = p.rows.take::<EditionRow>().unwrap_or_default();
                let mut editions = finding
                    .editions
                    .take()
                    .filter(|(o, _)| o == of)
                    .map(|(_, e)| e)
                    .unwrap_or_default();
                editions.extend(rows.iter().map(edition_info));
                finding.editions_read(*of, editions);
                if p.meta.page < p.meta.pages {
                    return Outcome::Stay;
                }
                asked.remove(i);
                None
            }
            (Reply::Page(Err(e)), _) => {
                asked.remove(i);
                let error = error_line(&e, self.lang.tongue());
                let text = self.lang.tongue().ta("desk-editions-failed", &[("error", &error)]);
                Some((text, e.is_transient()))
            }
            _ => return Outcome::Stay,
        };
        if let Some((text, transient)) = failure {
            let asked_id = finding.asked.parse::<u64>();
            if let (Ok(id), true) = (asked_id, transient) {
                let title = self.lane.target.title.clone();
                return self.open_offline(id, title, &text, ctx);
            }
            *failed = Some(text);
            return Outcome::Stay;
        }
        let cmds = self.read_needs(ctx);
        if !cmds.is_empty() {
            return Outcome::Run(cmds);
        }
        let Stage::Finding { finding, asked, .. } = &self.stage else {
            return Outcome::Stay;
        };
        if !asked.is_empty() {
            return Outcome::Stay;
        }
        match finding.opened(ctx.wall) {
            Some(Opened::Door(target, next)) => {
                self.lane.target = target;
                self.note = next.map(|n| ctx.lang.tongue().next_edition(&n));
                Outcome::Run(self.begin(ctx))
            }
            Some(Opened::Choose {
                title,
                event_id,
                options,
                all,
            }) => {
                self.stage = Stage::Choosing {
                    title,
                    event_id,
                    options,
                    all,
                    cursor: 0,
                };
                Outcome::Stay
            }
            Some(Opened::NoneToday(title)) => {
                if let Stage::Finding { failed, .. } = &mut self.stage {
                    *failed = Some(ctx.lang.tongue().none_today(&title));
                }
                Outcome::Stay
            }
            None => Outcome::Stay,
        }
    }

    /// The event could not be read for want of a network (a transient
    /// error: an unknown event is said as such): the desk checks in `id` as
    /// asked, from its offline list, and says why.
    fn open_offline(&mut self, id: u64, title: String, why: &str, ctx: &mut Ctx) -> Outcome {
        self.lane.target = Target {
            event_id: id,
            title,
            parent_id: None,
            editions: Vec::new(),
        };
        let mut cmds: Vec<Cmd> = match &self.stage {
            Stage::Finding { asked, .. } => asked
                .iter()
                .map(|(req, _)| Cmd::Cancel { req: *req })
                .collect(),
            _ => Vec::new(),
        };
        self.note = Some(
            self.lang
                .tongue()
                .ta("note-offline-today", &[("why", &why), ("id", &id)]),
        );
        cmds.extend(self.begin(ctx));
        Outcome::Run(cmds)
    }
}
