//! A bulk run's item ends said in a language. The run keeps them in
//! English (the CLI's JSON and the audit log read those); they are said
//! in the staff's language where a person reads them.

use super::Tongue;

impl Tongue {
    /// A bulk run's summary line ([`crate::bulk::Summary::text`] in
    /// English); `verb` names what was done ("bulk-verb-enrolled").
    pub fn bulk_summary(&self, s: &crate::bulk::Summary, verb: &str) -> String {
        let stopped = if s.not_sent > 0 {
            self.ta("bulk-summary-stopped", &[("count", &s.not_sent)])
        } else {
            String::new()
        };
        self.ta(
            "bulk-summary",
            &[
                ("done", &s.done),
                ("verb", &self.t(verb)),
                ("skipped", &s.skipped),
                ("failed", &s.failed),
                ("unknown", &s.unknown),
                ("stopped", &stopped),
            ],
        )
    }

    /// Why an item of a bulk run ended as it did ("already enrolled",
    /// "line 4: listed twice"), in the language; a reason it does not know
    /// (an API's own message) is shown as it is.
    pub fn bulk_why(&self, why: &str) -> String {
        // English is the run's own words, byte for byte.
        if self.lang == super::Lang::EN {
            return why.to_owned();
        }
        let id = match why {
            "already enrolled" => "bulk-why-already-enrolled",
            "already unenrolled" => "bulk-why-already-unenrolled",
            "listed twice" => "bulk-why-listed-twice",
            "not a CSV line" => "bulk-why-not-csv",
            "needs a name and a last name" => "bulk-why-needs-names",
            _ => return self.bulk_why_shaped(why),
        };
        self.t(id)
    }

    fn bulk_why_shaped(&self, why: &str) -> String {
        if let Some((line, rest)) = why
            .strip_prefix("line ")
            .and_then(|r| r.split_once(": "))
            .filter(|(n, _)| n.parse::<u64>().is_ok())
        {
            return self.ta(
                "bulk-why-line",
                &[("line", &line), ("why", &self.bulk_why(rest))],
            );
        }
        if let Some(text) = why.strip_suffix(" is not an e-mail address") {
            return self.ta("bulk-why-not-email", &[("text", &text)]);
        }
        if let Some((was, how)) = why
            .strip_prefix("not applied: ")
            .and_then(|r| r.split_once("read again: "))
        {
            let was = match was.strip_suffix("; ") {
                Some(w) => format!("{}; ", self.bulk_why(w)),
                None => was.to_owned(),
            };
            return self.ta(
                "bulk-why-not-applied",
                &[("was", &was), ("how", &self.bulk_why(how))],
            );
        }
        if let Some((what, status)) = why.strip_prefix("read ").and_then(|r| r.rsplit_once(": ")) {
            let status = self.status(status);
            return match what
                .strip_prefix("ticket ")
                .filter(|id| id.parse::<u64>().is_ok())
            {
                Some(id) => self.ta("bulk-why-read-ticket", &[("id", &id), ("status", &status)]),
                None => self.ta("bulk-why-read", &[("what", &what), ("status", &status)]),
            };
        }
        why.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::Lang;

    #[test]
    fn a_bulk_reason_reads_as_before_in_english_and_in_the_language_otherwise() {
        let en = Lang::EN.tongue();
        let es = Lang::ES.tongue();
        for why in [
            "already enrolled",
            "line 4: listed twice",
            "line 2: \"x@\" is not an e-mail address",
            "not applied: timed out; read again: read ticket 7: confirmed",
            "read TK-000031: confirmed",
            "the API said no (1006)",
        ] {
            assert_eq!(en.bulk_why(why), why);
        }
        assert_eq!(
            es.bulk_why("line 4: listed twice"),
            "línea 4: aparece dos veces"
        );
        assert_eq!(
            es.bulk_why("not applied: read again: read ticket 7: confirmed"),
            format!(
                "no aplicado: leída de nuevo: leída la entrada 7: {}",
                es.status("confirmed")
            )
        );
        assert_eq!(
            es.bulk_why("the API said no (1006)"),
            "the API said no (1006)"
        );
    }
}
