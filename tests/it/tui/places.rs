//! Dates and numbers as the staff's language writes them in the lists and
//! the detail screens ("8 nov 2026, 03:00", "79.870"), rendered; English
//! shows them as the API sends them, and sorting and exports never read
//! what is shown.

use boxoffice::app::Model;
use boxoffice::i18n::Lang;
use crossterm::event::KeyCode;

use crate::demo;
use crate::drive::{ch, press, render, req_of};
use crate::msgs;

/// The screen's text, its lines joined, without the buffer's quotes.
fn text(m: &mut Model, size: (u16, u16)) -> String {
    render(m, size)
        .lines()
        .map(|l| l.trim_matches('"').trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `:command` run, and its command answered with `reply`.
fn answered(m: &mut Model, command: &str, reply: boxoffice::app::Reply) {
    let cmds = crate::support::command(m, command);
    let req = req_of(&cmds[0]);
    boxoffice::app::update(m, boxoffice::app::Msg::Reply { req, reply });
}

/// TK-000031 was created "2026-11-08 03:00:00".
const CREATED: [(Lang, &str); 5] = [
    (Lang::EN, "2026-11-08 03:00:00"),
    (Lang::ES, "8 nov 2026, 03:00"),
    (Lang::DE, "8. Nov. 2026, 03:00"),
    (Lang::FR, "8 nov. 2026, 03:00"),
    (Lang::PT, "8 nov 2026, 03:00"),
];

#[test]
fn the_tickets_list_and_a_tickets_detail_write_dates_as_the_place_does() {
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    for (lang, created) in CREATED {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (160, 45));
        let row = screen
            .lines()
            .find(|l| l.contains("TK-000031"))
            .unwrap_or_else(|| panic!("{lang}: no TK-000031\n{screen}"));
        assert!(row.contains(created), "{lang}: {created:?} not in {row:?}");
        if lang != Lang::EN {
            assert!(!screen.contains("2026-11-08"), "{lang}\n{screen}");
        }
    }
    // The detail of the ticket: its creation date in the language's form.
    let row = crate::drive::selected_ticket(&m);
    assert_eq!(row.number(), "TK-000031");
    let cmds = press(&mut m, KeyCode::Enter);
    let (ticket, raw) = d.ticket(row.id);
    boxoffice::app::update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    for (lang, created) in CREATED {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (160, 45));
        let fact = screen
            .lines()
            .find(|l| l.trim_start().starts_with("creation_date"))
            .unwrap_or_else(|| panic!("{lang}: no creation_date\n{screen}"));
        assert!(fact.contains(created), "{lang}: {fact:?}");
    }
}

/// The large business's stadium event: 79,870 confirmed of 120,000.
#[test]
fn counts_are_grouped_as_the_place_groups_them_in_lists_and_on_the_event() {
    let d = demo::large();
    let mut m = demo::model_at_tickets(&d);
    let grouped = [
        (Lang::EN, "tickets ", "79,870", "100,000"),
        (Lang::ES, "entradas ", "79.870", "100.000"),
        (Lang::DE, "Tickets ", "79.870", "100.000"),
        (Lang::FR, "billets ", "79\u{202f}870", "100\u{202f}000"),
        (Lang::PT, "bilhetes ", "79.870", "100.000"),
    ];
    // The event: its counters (labelled in the language), and its
    // editions' sold/stock.
    ch(&mut m, 'q');
    for (lang, label, confirmed, total) in grouped {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (160, 30));
        let tickets = screen
            .lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("{lang}: no counters\n{screen}"));
        assert!(
            tickets.contains(confirmed) && tickets.contains(total),
            "{lang}: {tickets:?}"
        );
        let edition = screen
            .lines()
            .find(|l| l.contains("Stadium night"))
            .unwrap_or_else(|| panic!("{lang}: no edition\n{screen}"));
        assert!(edition.contains(confirmed), "{lang}: {edition:?}");
        if lang != Lang::EN {
            assert!(!screen.contains("79,870"), "{lang}\n{screen}");
            assert!(!screen.contains("2026-12-25"), "{lang}: {edition:?}");
        }
    }
}

#[test]
fn the_tickets_list_titles_its_columns_and_its_help_in_spanish_at_80x24() {
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    m.options.settings.lang = Lang::ES;
    let screen = text(&mut m, (80, 24));
    let header = screen
        .lines()
        .find(|l| l.contains("número"))
        .unwrap_or_else(|| panic!("no Spanish header\n{screen}"));
    assert!(header.contains("asistente"), "{header:?}\n{screen}");
    for english in ["number", "attendee", "status", "e-mail"] {
        assert!(!header.contains(english), "{english} in {header:?}");
    }
    // The count above the table names the list in Spanish too.
    assert!(
        screen
            .lines()
            .any(|l| l.split_whitespace().nth(1) == Some("entradas")),
        "no count of entradas\n{screen}"
    );
    // Each title whole: the row under the header starts its number where
    // the title starts.
    assert!(
        screen.lines().any(|l| l.contains("TK-0")),
        "no rows\n{screen}"
    );
    // The help panel says each key in Spanish.
    ch(&mut m, '?');
    let help = text(&mut m, (80, 24));
    assert!(help.contains("Teclas · "), "{help}");
    assert!(
        help.contains("filtrar por nombre, correo, número"),
        "{help}"
    );
    assert!(help.contains("en todas partes"), "{help}");
    assert!(!help.contains("filter by"), "{help}");
    // English as it always read.
    press(&mut m, KeyCode::Esc);
    m.options.settings.lang = Lang::EN;
    let screen = text(&mut m, (80, 24));
    assert!(
        screen
            .lines()
            .any(|l| l.contains("number") && l.contains("attendee")),
        "{screen}"
    );
}

#[test]
fn the_tabs_path_status_bar_and_toasts_speak_spanish_and_german_at_80x24() {
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    // Tickets of the main event: the path names them in the language.
    for (lang, tickets, keys) in [
        (
            Lang::ES,
            "Entradas · evento principal",
            "? ayuda · : comandos",
        ),
        (
            Lang::DE,
            "Tickets · Hauptveranstaltung",
            "? Hilfe · : Befehle",
        ),
    ] {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (80, 24));
        let top = screen.lines().next().unwrap_or_default();
        assert!(top.contains(tickets), "{lang}: {top:?}");
        let bar = screen.lines().last().unwrap_or_default();
        assert!(bar.ends_with(keys), "{lang}: {bar:?}");
        assert!(!screen.contains("help · "), "{lang}\n{screen}");
    }
    // `y` copies; the toast says so in Spanish.
    m.options.settings.lang = Lang::ES;
    ch(&mut m, 'y');
    let screen = text(&mut m, (80, 24));
    assert!(screen.contains("copiado TK-0"), "{screen}");
    // The root: each tab by its name in the language, the current one in
    // brackets, whole at 80 columns.
    press(&mut m, KeyCode::Esc);
    press(&mut m, KeyCode::Esc);
    for (lang, tabs) in [
        (
            Lang::ES,
            "[1 Eventos] 2 Clientes 3 Pedidos 4 Productos 5 Cursos",
        ),
        (
            Lang::DE,
            "[1 Veranstaltungen] 2 Kunden 3 Bestellungen 4 Produkte 5 Kurse",
        ),
        (
            Lang::EN,
            "[1 Events] 2 Customers 3 Orders 4 Products 5 Courses",
        ),
    ] {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (80, 24));
        let top = screen.lines().next().unwrap_or_default();
        assert!(top.contains(tabs), "{lang}: {top:?}\n{screen}");
    }
    let bar = text(&mut m, (80, 24));
    assert!(
        bar.lines()
            .last()
            .is_some_and(|l| l.ends_with("? help · : commands")),
        "{bar}"
    );
}

/// The line of `screen` that holds `text`, or a failure showing the screen.
fn line_with<'s>(screen: &'s str, text: &str, lang: Lang) -> &'s str {
    screen
        .lines()
        .find(|l| l.contains(text))
        .unwrap_or_else(|| panic!("{lang}: no {text:?}\n{screen}"))
}

#[test]
fn a_details_title_and_loading_line_the_events_labels_and_the_palettes_toasts_speak_the_language_at_80x24()
 {
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    // A ticket's detail while it loads: the line says so in the language.
    let row = crate::drive::selected_ticket(&m);
    let cmds = press(&mut m, KeyCode::Enter);
    for (lang, loading) in [
        (Lang::ES, "cargando entrada "),
        (Lang::DE, " wird geladen…"),
        (Lang::EN, "loading ticket "),
    ] {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (80, 24));
        line_with(&screen, loading, lang);
    }
    let (ticket, raw) = d.ticket(row.id);
    boxoffice::app::update(&mut m, msgs::ticket(req_of(&cmds[0]), Ok((ticket, raw))));
    // Loaded: the frame's title (what Enter opens) and the facts' labels.
    for (lang, title, label, english) in [
        (
            Lang::ES,
            "Entrada TK-000031 · Enter: abrir cliente ",
            "asistente",
            "attendee",
        ),
        (
            Lang::DE,
            "Ticket TK-000031 · Enter: Kunde ",
            "Gast",
            "attendee",
        ),
        (
            Lang::EN,
            "Ticket TK-000031 · Enter: open customer ",
            "attendee",
            "asistente",
        ),
    ] {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (80, 24));
        line_with(&screen, title, lang);
        let fact = line_with(&screen, label, lang);
        assert!(!fact.contains(english), "{lang}: {fact:?}");
        // The raw JSON's title too.
        ch(&mut m, 'r');
        let raw = text(&mut m, (80, 24));
        let said = match lang {
            Lang::ES => "JSON tal cual (r: campos)",
            Lang::DE => "rohes JSON (r: Felder)",
            _ => "raw JSON (r: fields)",
        };
        line_with(&raw, said, lang);
        ch(&mut m, 'r');
    }
    // The event: its labels, counters, editions' title and words.
    press(&mut m, KeyCode::Esc);
    press(&mut m, KeyCode::Esc);
    for (lang, labels, stock, editions, english) in [
        (
            Lang::ES,
            ["   fechas ", "    lugar ", " entradas ", "   estado "],
            "disponibles ",
            "Ediciones (",
            ["location", "available", "Editions", "published"],
        ),
        (
            Lang::DE,
            ["  Termine ", "      Ort ", "  Tickets ", "  Zustand "],
            "verfügbar ",
            "Ausgaben (",
            ["location", "available", "Editions", "published"],
        ),
        (
            Lang::EN,
            ["    dates ", " location ", "  tickets ", "    state "],
            "available ",
            "Editions (",
            ["fechas", "disponibles", "Ediciones", "publicado"],
        ),
    ] {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (80, 24));
        for label in labels {
            assert!(
                screen.lines().any(|l| l.starts_with(label)),
                "{lang}: no {label:?}\n{screen}"
            );
        }
        line_with(&screen, stock, lang);
        line_with(&screen, editions, lang);
        for word in english {
            assert!(!screen.contains(word), "{lang}: {word:?}\n{screen}");
        }
    }
    // The palette: a line it cannot read, and a command with nothing to
    // act on here, toasted in the language; English as it always read.
    for (lang, unknown, nothing) in [
        (
            Lang::ES,
            "comando desconocido: frobnicate",
            "nada que exportar aquí",
        ),
        (
            Lang::DE,
            "unbekannter Befehl: frobnicate",
            "hier nichts zu exportieren",
        ),
        (
            Lang::EN,
            "unknown command: frobnicate",
            "nothing to export here",
        ),
    ] {
        m.options.settings.lang = lang;
        ch(&mut m, ':');
        crate::drive::type_text(&mut m, "frobnicate");
        press(&mut m, KeyCode::Enter);
        let screen = text(&mut m, (80, 24));
        line_with(&screen, unknown, lang);
        ch(&mut m, ':');
        crate::drive::type_text(&mut m, "export");
        press(&mut m, KeyCode::Enter);
        let screen = text(&mut m, (80, 24));
        line_with(&screen, nothing, lang);
        m.toasts.shown.clear();
    }
}

#[test]
fn a_list_streaming_in_says_its_progress_in_the_language() {
    let (mut m, _) = crate::drive::at_tickets(1);
    for (lang, progress, english) in [
        (Lang::ES, "⟳ cargando 1/3 páginas · 40 de 120", "loading"),
        (Lang::DE, "⟳ lade 1/3 Seiten · 40 von 120", "loading"),
        (Lang::EN, "⟳ loading 1/3 pages · 40 of 120", "cargando"),
    ] {
        m.options.settings.lang = lang;
        let screen = text(&mut m, (80, 24));
        line_with(&screen, progress, lang);
        assert!(!screen.contains(english), "{lang}\n{screen}");
    }
}

#[test]
fn a_lists_failed_read_is_toasted_in_the_language() {
    use boxoffice::api::ApiError;
    for (lang, said) in [
        (Lang::ES, "entradas: sin respuesta a tiempo"),
        (Lang::EN, "tickets: timed out: no answer"),
    ] {
        let (mut m, req) = crate::drive::at_tickets(1);
        m.options.settings.lang = lang;
        let timeout = ApiError::Transport {
            message: "no answer".into(),
            timeout: true,
        };
        boxoffice::app::update(&mut m, msgs::page_failed(req, timeout));
        assert!(
            crate::drive::toasted(&m, said),
            "{lang}: {:?}",
            m.toasts.shown
        );
    }
}

/// The write questions' pickers in Spanish and German at 80×24: the
/// customer picker's title, filter line, count and keys, and a failed
/// send's line; the event picker's title and its refusal of an ended
/// edition (said in the language, with the edition's date). English reads
/// as it always did.
#[test]
fn the_customer_and_enroll_pickers_speak_the_language_at_80x24() {
    use boxoffice::api::model::CustomerSummary;

    for (lang, words, english) in [
        (
            Lang::ES,
            [
                "Inscribir a un cliente",
                "en ",
                "filtro ",
                "8 de 8 clientes",
                "escribir filtrar",
                "Esc cancelar",
            ],
            ["Enroll a customer", "into ", "filter", " customers", "pick"],
        ),
        (
            Lang::DE,
            [
                "Einen Kunden anmelden",
                "für ",
                "Filter ",
                "8 von 8 Kunden",
                "tippen filtern",
                "Esc abbrechen",
            ],
            [
                "Enroll a customer",
                "into ",
                "filter ",
                " customers",
                "pick",
            ],
        ),
        (
            Lang::EN,
            [
                "Enroll a customer",
                "into ",
                "filter ",
                "8 of 8 customers",
                "type filter",
                "Esc cancel",
            ],
            ["cliente", "Kunden", "filtro", "escribir", "tippen"],
        ),
    ] {
        let mut m = crate::drive::at_event();
        m.options.settings.lang = lang;
        let cmds = ch(&mut m, 'a');
        boxoffice::app::update(
            &mut m,
            msgs::page::<CustomerSummary>(
                req_of(&cmds[0]),
                1,
                1,
                crate::data::page(&crate::data::customers(), 1, 1, 16),
            ),
        );
        let screen = text(&mut m, (80, 24));
        for word in words {
            line_with(&screen, word, lang);
        }
        for word in english {
            assert!(!screen.contains(word), "{lang}: {word:?}\n{screen}");
        }
        // Picked, sent, refused: the refusal's way back in the language.
        press(&mut m, KeyCode::Enter);
        let cmds = press(&mut m, KeyCode::Enter);
        boxoffice::app::update(
            &mut m,
            msgs::enrolled(
                req_of(&cmds[0]),
                Err(crate::data::api_error(1006, "Already enrolled")),
            ),
        );
        let screen = text(&mut m, (80, 24));
        let back = match lang {
            Lang::ES => "(Esc: volver)",
            Lang::DE => "(Esc zurück)",
            _ => "(Esc back)",
        };
        line_with(&screen, back, lang);
    }

    // The event picker on the demo's conference: its warm-up has ended.
    let d = crate::demo::load();
    for (lang, words, english) in [
        (
            Lang::ES,
            [
                "Inscribir en un evento",
                "inscribir a Ana",
                "✗ esta edición ya terminó (",
                // The date as the language writes one.
                "(18 nov 2026, 21:00 America/New_York): elige",
            ],
            "has ended",
        ),
        (
            Lang::DE,
            [
                "Für eine Veranstaltung anmelden",
                "anmelden: Ana",
                "✗ dieser Termin ist vorbei (",
                "Termin ist vorbei",
            ],
            "has ended",
        ),
        (
            Lang::EN,
            [
                "Enroll in an event",
                "enroll Ana",
                "✗ this edition has ended (",
                "has ended",
            ],
            "terminó",
        ),
    ] {
        let mut m = crate::drive::at_events();
        m.options.settings.lang = lang;
        boxoffice::app::update(
            &mut m,
            boxoffice::app::Msg::Clock("2026-11-25 10:00:00".into()),
        );
        let req = crate::enroll_in::opened(&mut m, 777);
        boxoffice::app::update(&mut m, msgs::page(req, 1, 1, d.events.clone()));
        boxoffice::app::update(&mut m, boxoffice::app::Msg::TaskDone);
        let req = crate::enroll_in::pick_event(&mut m, "rust belt", d.event.0.id);
        boxoffice::app::update(&mut m, msgs::page(req, 1, 1, d.editions.clone()));
        boxoffice::app::update(&mut m, boxoffice::app::Msg::TaskDone);
        // Up to the warm-up (it runs before today's Day 1), then Enter.
        for _ in 0..8 {
            press(&mut m, KeyCode::Up);
        }
        press(&mut m, KeyCode::Enter);
        let screen = text(&mut m, (80, 24));
        for word in words {
            line_with(&screen, word, lang);
        }
        assert!(!screen.contains(english), "{lang}\n{screen}");
    }
}

/// Enroll from a file at 80×24 in Spanish and German: each line's end
/// before the run ("already enrolled", "line 4: … is not an e-mail
/// address", "listed twice") and the run's counts are in the language;
/// English reads as it always did.
#[test]
fn a_bulk_enrolls_item_ends_and_counts_speak_the_language_at_80x24() {
    use boxoffice::app::{Cmd, Msg, Reply};

    for (lang, ends, counts, english) in [
        (
            Lang::ES,
            [
                "ya inscrita",
                "línea 4: \"nope\" no es un correo electrónico",
                "línea 6: aparece dos veces",
            ],
            "0 inscritas · 3 omitidas · 2 fallidas",
            ["already", "line ", "skipped", "failed"],
        ),
        (
            Lang::DE,
            [
                "schon angemeldet",
                "Zeile 4: \"nope\" ist keine E-Mail-Adresse",
                "Zeile 6: doppelt aufgeführt",
            ],
            "0 angemeldet · 3 übersprungen · 2 fehlgeschlagen",
            ["already", "line ", "skipped", "failed"],
        ),
        (
            Lang::EN,
            [
                "already enrolled",
                "line 4: \"nope\" is not an e-mail address",
                "line 6: listed twice",
            ],
            "0 enrolled · 3 skipped · 2 failed",
            ["inscrita", "Zeile", "omitidas", "übersprungen"],
        ),
    ] {
        let (mut m, _) = crate::drive::at_tickets(3);
        m.options.settings.lang = lang;
        let existing = crate::drive::tickets_screen(&m)
            .list
            .list
            .rows()
            .iter()
            .find(|r| r.status() == "confirmed")
            .unwrap()
            .email()
            .to_string();
        ch(&mut m, ':');
        crate::drive::type_text(&mut m, "enroll-from walk-ins.csv");
        let cmds = press(&mut m, KeyCode::Enter);
        let [Cmd::ReadFile { req, .. }] = cmds.as_slice() else {
            panic!("{cmds:?}")
        };
        let csv = format!(
            "email,name,last_name\nnew.one@example.com,New,One\n{existing},Old,Timer\n\
             nope,Bad,Line\ntwice@example.com,Two,Ce\ntwice@example.com,Two,Ce\n"
        );
        boxoffice::app::update(
            &mut m,
            Msg::Reply {
                req: *req,
                reply: Reply::FileRead(Ok(csv)),
            },
        );
        let screen = text(&mut m, (80, 24));
        for end in ends {
            line_with(&screen, end, lang);
        }
        // Sent: each one answered "already enrolled" by the API.
        let mut cmds = ch(&mut m, 'y');
        while let Some(Cmd::EnrollByEmail { req, .. }) = cmds.first() {
            let req = *req;
            cmds = boxoffice::app::update(
                &mut m,
                msgs::enrolled(req, Err(crate::data::api_error(1006, "Already enrolled"))),
            );
        }
        let screen = text(&mut m, (80, 24));
        line_with(&screen, counts, lang);
        for word in english {
            assert!(!screen.contains(word), "{lang}: {word:?}\n{screen}");
        }
        // Closed: the summary's toast in the language too.
        ch(&mut m, 'q');
        let toast = &m.toasts.shown.last().unwrap().text;
        assert!(toast.starts_with(counts), "{lang}: {toast:?}");
    }
}

/// The export prompt at 80×24 in Spanish and German: its title, field,
/// explanation and keys; an empty name; a file that is there (and its
/// keys); a failed write; the toast that says it is written. English reads
/// as it always did.
#[test]
fn the_export_prompt_speaks_the_language_at_80x24() {
    use boxoffice::app::export::ExportError;
    use boxoffice::app::{Cmd, Msg, Reply};

    for (lang, words, empty, exists, cannot, done) in [
        (
            Lang::ES,
            [
                "Exportar 120 entradas",
                "archivo  ",
                "CSV (un nombre .json: JSON)",
                "Enter escribir    Esc cancelar",
            ],
            "escribe un nombre de archivo",
            [
                "out.csv ya existe: y lo sobrescribe",
                "y sobrescribir    cualquier otra tecla cambiar el nombre",
            ],
            "no se puede escribir out.csv: Permission denied",
            "exportadas 120 entradas a out.csv",
        ),
        (
            Lang::DE,
            [
                "120 Tickets exportieren",
                "Datei  ",
                "CSV (ein .json-Name: JSON)",
                "Enter schreiben    Esc abbrechen",
            ],
            "einen Dateinamen eingeben",
            [
                "out.csv gibt es schon: y überschreibt sie",
                "y überschreiben    jede andere Taste den Namen ändern",
            ],
            "out.csv kann nicht geschrieben werden: Permission denied",
            "120 Tickets nach out.csv exportiert",
        ),
        (
            Lang::EN,
            [
                "Export 120 tickets",
                "file  ",
                "CSV (a .json name: JSON); the rows as shown, in order",
                "Enter write    Esc cancel",
            ],
            "type a file name",
            [
                "out.csv exists: y overwrites it",
                "y overwrite    any other key change the name",
            ],
            "cannot write out.csv: Permission denied",
            "exported 120 tickets to out.csv",
        ),
    ] {
        let (mut m, _) = crate::drive::at_tickets(3);
        m.options.settings.lang = lang;
        ch(&mut m, ':');
        crate::drive::type_text(&mut m, "export");
        press(&mut m, KeyCode::Enter);
        let screen = text(&mut m, (80, 24));
        for word in words {
            line_with(&screen, word, lang);
        }
        // No name: said so.
        for _ in 0..40 {
            press(&mut m, KeyCode::Backspace);
        }
        press(&mut m, KeyCode::Enter);
        line_with(&text(&mut m, (80, 24)), empty, lang);
        // A name that is there: asked, with its keys; then a failed write.
        crate::drive::type_text(&mut m, "out.csv");
        let send = |m: &mut Model, result| {
            let cmds = press(m, KeyCode::Enter);
            let [Cmd::Export { req, .. }] = cmds.as_slice() else {
                panic!("{cmds:?}")
            };
            boxoffice::app::update(
                m,
                Msg::Reply {
                    req: *req,
                    reply: Reply::Exported {
                        path: "out.csv".into(),
                        result,
                    },
                },
            );
        };
        send(&mut m, Err(ExportError::Exists("out.csv".into())));
        let screen = text(&mut m, (80, 24));
        for word in exists {
            line_with(&screen, word, lang);
        }
        ch(&mut m, 'n');
        send(
            &mut m,
            Err(ExportError::Io(
                "cannot write out.csv: Permission denied".into(),
            )),
        );
        line_with(&text(&mut m, (80, 24)), cannot, lang);
        send(&mut m, Ok(120));
        let toast = &m.toasts.shown.last().unwrap().text;
        assert_eq!(toast, done, "{lang}");
    }
}

/// A screen named by an id until its record is in ("Customer 12", the door
/// of "event 12") and a background task's internal error, at 80×24 in
/// Spanish and German; English reads as it always did.
#[test]
fn a_loading_crumb_the_doors_crumb_and_an_internal_error_speak_the_language_at_80x24() {
    use boxoffice::app::Msg;

    for (lang, customer, door, internal, english) in [
        (
            Lang::ES,
            ["Cliente 12", "cargando cliente Cliente 12…"],
            "Puerta · evento 12",
            "error interno en una tarea de fondo: boom (la aplicación sigue)",
            ["Customer 12", "event 12", "internal error"],
        ),
        (
            Lang::DE,
            ["Kunde 12", "Kunde Kunde 12 wird geladen…"],
            "Tür · Veranstaltung 12",
            "interner Fehler in einer Hintergrundaufgabe: boom (die App läuft weiter)",
            ["Customer 12", "event 12", "internal error"],
        ),
        (
            Lang::EN,
            ["Customer 12", "loading customer Customer 12…"],
            "Door · event 12",
            "internal error in a background task: boom (the app goes on)",
            ["Cliente", "evento", "interno"],
        ),
    ] {
        let mut m = crate::drive::at_events();
        m.options.settings.lang = lang;
        ch(&mut m, ':');
        crate::drive::type_text(&mut m, "customer 12");
        press(&mut m, KeyCode::Enter);
        let screen = text(&mut m, (80, 24));
        for word in customer {
            line_with(&screen, word, lang);
        }
        ch(&mut m, ':');
        crate::drive::type_text(&mut m, "door 12");
        press(&mut m, KeyCode::Enter);
        boxoffice::app::update(&mut m, Msg::TaskPanicked("boom".into()));
        let screen = text(&mut m, (80, 24));
        line_with(&screen, door, lang);
        assert!(
            crate::drive::toasted(&m, internal),
            "{lang}: {:?}",
            m.toasts.shown
        );
        for word in english {
            assert!(!screen.contains(word), "{lang}: {word:?}\n{screen}");
        }
    }
}

/// The saved filters (`:filters`) speak the language: the picker's title,
/// a filter's tab and sort, its keys; a file that cannot be read and a
/// filter that cannot be saved are toasted in it. The tickets list's status
/// tabs are named in it too (English as the API names them).
#[test]
fn the_saved_filters_and_the_status_tabs_speak_the_language_at_80x24() {
    use boxoffice::app::views::SavedView;
    use boxoffice::app::{Msg, Reply};
    use boxoffice::i18n::Said;
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    let first = text(&mut m, (80, 24));
    assert!(first.contains("all"), "{first}");
    m.options.settings.lang = Lang::ES;
    let tabs = text(&mut m, (80, 24));
    assert!(tabs.contains("todas"), "{tabs}");
    assert!(!tabs.contains(" all"), "{tabs}");
    let cmds = crate::support::command(&mut m, "filters");
    let req = req_of(&cmds[0]);
    let smiths = SavedView {
        filter: "smith".into(),
        tab: Some("confirmed".into()),
        sort: Some((1, false)),
    };
    boxoffice::app::update(
        &mut m,
        Msg::Reply {
            req,
            reply: Reply::Views(Ok(vec![("smiths".into(), smiths)])),
        },
    );
    let screen = text(&mut m, (80, 24));
    for words in [
        "Filtros guardados",
        "smiths  /smith · confirmada · orden: ",
        "Enter aplicar",
        "cualquier otra tecla cerrar",
    ] {
        assert!(screen.contains(words), "{words:?}\n{screen}");
    }
    press(&mut m, KeyCode::Esc);
    // The file cannot be read: toasted in Spanish.
    let unreadable = Said::new("views-unreadable")
        .arg("path", "/state/filters.json")
        .arg("error", "EOF");
    answered(&mut m, "filters", Reply::Views(Err(unreadable)));
    assert!(
        crate::drive::toasted(&m, "/state/filters.json no se puede leer: EOF"),
        "{:?}",
        m.toasts.shown
    );
    // A filter that cannot be saved.
    let no_dir = Reply::ViewSaved(Err(Said::new("views-no-state-dir")));
    answered(&mut m, "save mine", no_dir);
    assert!(
        crate::drive::toasted(
            &m,
            "no guardado: no hay directorio de estado en esta máquina (HOME sin definir)"
        ),
        "{:?}",
        m.toasts.shown
    );
    // A list to enroll from that cannot be read (`:enroll-from`).
    let gone = Said::new("file-cannot-read")
        .arg("path", "gone.csv")
        .arg("error", "No such file or directory (os error 2)");
    answered(&mut m, "enroll-from gone.csv", Reply::FileRead(Err(gone)));
    assert!(
        crate::drive::toasted(
            &m,
            "no se puede leer gone.csv: No such file or directory (os error 2)"
        ),
        "{:?}",
        m.toasts.shown
    );
}

/// A revoke whose outcome is unknown (the same revoke sent before still
/// unknown, read once more without an answer) is toasted with what is
/// known of it in the language; English's words are the audit log's.
#[test]
fn an_outcome_unknown_revoke_is_toasted_in_the_language() {
    use boxoffice::api::ApiError;
    use boxoffice::api::settle::{Unknown, Unlearnt};
    let unknown = || {
        ApiError::Unsettled(Unknown::EarlierUnknown {
            seq: 4,
            at: "2026-11-25 10:00:00".into(),
            why: Unlearnt::NotLearnt {
                within: None,
                error: None,
            },
        })
    };
    for (lang, said) in [
        (
            Lang::ES,
            "no se envía de nuevo: la misma escritura n.º 4 del 2026-11-25 10:00:00 tiene un \
             resultado desconocido (no se supo al leerlo una vez más: ninguna respuesta legible)",
        ),
        (
            Lang::EN,
            "not sent again: the same write #4 of 2026-11-25 10:00:00 has no known outcome \
             (not learnt by reading it once more: no readable answer)",
        ),
    ] {
        let (mut m, _) = crate::drive::at_tickets(1);
        crate::drive::select_confirmed(&mut m);
        let id = crate::drive::selected_ticket(&m).id;
        ch(&mut m, 'x');
        let req = req_of(&ch(&mut m, 'y')[0]);
        m.options.settings.lang = lang;
        boxoffice::app::update(&mut m, msgs::revoked(req, id, Err(unknown())));
        assert!(
            crate::drive::toasted(&m, said),
            "{lang}: {:?}",
            m.toasts.shown
        );
    }
}
