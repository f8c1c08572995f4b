/* test-sstipulation.c — structured stipulations read, written back,
 * copied, compared and told apart from their plain synonyms.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "core/model/sstipulation.h"
#include "core/backend/backend.h"
#include "core/check/check.h"
#include "io/popeye.h"

/* Every structured stipulation of Popeye's example corpus as written
 * there, and the examples of Popeye's manual, with their canonical
 * text. */
static const struct {
  const char *text, *canonical;
} round_trips[] = {
  { "white - 6da[#]", "white -6da[#]" },
  { "white - 1d[#]a", "white -1d[#]a" },
  { "white 3a[#]d", NULL },
  { "white 2s[#]", NULL },
  { "black 1s[1h[#]h]", NULL },
  { "white 1a[!#]d", NULL },
  { "black 2hh[#]&1h[#]h", NULL },
  { "white 3a[>1a[#]d]d", NULL },
  { "black 2hh[2hh[#]&1h[#]h]", NULL },
  { "white 3h[1a[x]d]h", NULL },
  { "black 4h{!x}h[x]", NULL },
  { "white 3:3h[>1a[x]d]h", NULL },
  { "black 2s[1a[x]d]", NULL },
  { "white 2s[1a[x]d]{!1a[x]d}", NULL },
  { "white - 5d[#]a", "white -5d[#]a" },
  { "black - 3:3h[#]h", "black -3:3h[#]h" },
  { "black 1h[- 14hh[#]]h", "black 1h[-14hh[#]]h" },
  { "black 4h[=]h[#]", NULL },
  { "white 4a[#=]d[#=]", NULL },
  { "black 6hh[/2da[#]{!+}]", NULL },
  { "black 4hh[/2da[#]{!+}]", NULL },
  { "black - 5h[/1d[x]a{!+}]h", "black -5h[/1d[x]a{!+}]h" },
  { "black 8hh[/1d[+]a{!+}]", NULL },
  { "black 8s[1a[/1d[+]a{!+}]d]", NULL },
  { "white 7h[/1d[=]a{!+}]h", NULL },
  { "black 4hh[2da[#]]", NULL },
  { "black 6hh[/2da[#]]", NULL },
  { "black 3h[3a[#]d]h", NULL },
  { "black 5h[3a[#]d]h", NULL },
  { "black 7h[1ad[#]]h", NULL },
  { "black 13h[1h[#]h]?+?h", NULL },
  { "black 3s[1s[-1s[+]]{x}]", NULL },
  { "black    10:12hh[#]", "black 10:12hh[#]" },
  /* the manual's */
  { "white 5s[#]", NULL },
  { "White 3a[+]d", "white 3a[+]d" },
  { "white 4ad[x]", NULL },
  { "white 3d[==]a", NULL },
  { "white 5h[=]h", NULL },
  { "white 3a[1a[#]d]d", NULL },
  { "white 4hh[1a[#]d]", NULL },
  { "white 6s[1d[#]a]", NULL },
  { "white 3a[#][1a[#]d]d", NULL },
  { "white !#", NULL },
  { "white !3a[#]d", NULL },
  { "white 4ad[#] | 3h[#]h", "white 4ad[#]|3h[#]h" },
  { "white 1h[#]h & 2hh[#]", "white 1h[#]h&2hh[#]" },
  { "white 3a[#]d & 4hh[#] & 4ad[#]", "white 3a[#]d&4hh[#]&4ad[#]" },
  { "white 4hh[#] & ( 4ad[#] | 4hh[=] )", "white 4hh[#]&4ad[#]|4hh[=]" },
  { "white (4hh[#] | 4ad[#]) & 4hh[=]", "white (4hh[#]|4ad[#])&4hh[=]" },
  { "white 3a[1a[#]d]d{!1a[#]d}", NULL },
  { "white 4:4hh[#]", NULL },
  { "white 3:5s[#]", NULL },
  { "white 3h[>1a[x]d]h", NULL },
  { "black - 7h[#]h", "black -7h[#]h" },
  { "white 3h[- 4hh[#]]h", "white 3h[-4hh[#]]h" },
  { "white 7h[#]?+?h", NULL },
  { "white 15a[#]?+?d", NULL },
  { "white 15a[1d[#]a]?+?d", NULL },
  { "white 15a[>1a[#]d]?+?d", NULL },
  { "white 15a[>1a[#]d]?+?d{!1a[#]d}", NULL },
  { "black 15h[1a[#]d]?+?h", NULL },
  { "white 15h[1d[#]a]?+?h", NULL },
  /* goals, sides and spaces */
  { "w 2s[zd5]", "white 2s[zd5]" },
  { "b 1h[00]h", "black 1h[00]h" },
  { "white 3a[##!]d[!=]", "white 3a[##!]d[!=]" },
  { "white\n3a [#] d", "white 3a[#]d" },
  { "white 3 : 4 hh[ct]", "white 3:4hh[ct]" },
};

static void
test_round_trip (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (round_trips); i++)
    {
      const char *text = round_trips[i].text;
      const char *canonical = round_trips[i].canonical ? round_trips[i].canonical : text;
      g_autoptr (FeSStip) s = NULL;
      GError *error = NULL;
      if (!fe_sstip_parse (text, &s, NULL, &error))
        g_error ("\"%s\": %s", text, error->message);
      g_autofree char *back = fe_sstip_to_string (s);
      g_assert_cmpstr (back, ==, canonical);
      /* The canonical text reads back as the same tree. */
      g_autoptr (FeSStip) again = NULL;
      g_assert_true (fe_sstip_parse (back, &again, NULL, NULL));
      g_assert_true (fe_sstip_equal (s, again));
      g_autoptr (FeSStip) copy = fe_sstip_copy (s);
      g_assert_true (fe_sstip_equal (s, copy));
    }
}

/* Trees that differ are told apart. */
static void
test_equal (void)
{
  static const char *const texts[] = { "white 3a[#]d", "black 3a[#]d", "white 3a[#]", "white 5a[#]d",
                                       "white 3a[=]d", "white 3:3a[#]d", "white 3a[>1a[#]d]d",
                                       "white 3a[1a[#]d]d", "white 3a[/1a[#]d]d", "white 3a{#}d",
                                       "white 3a[#]?+?d", "white 3ad[#]", "white -3a[#]d",
                                       "white !3a[#]d", "white 2s[zd5]", "white 2s[ze5]" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    for (gsize j = 0; j < G_N_ELEMENTS (texts); j++)
      {
        g_autoptr (FeSStip) a = NULL;
        g_autoptr (FeSStip) b = NULL;
        g_assert_true (fe_sstip_parse (texts[i], &a, NULL, NULL));
        g_assert_true (fe_sstip_parse (texts[j], &b, NULL, NULL));
        if (fe_sstip_equal (a, b) != (i == j))
          g_error ("\"%s\" and \"%s\" compare wrongly", texts[i], texts[j]);
      }
  g_assert_true (fe_sstip_equal (NULL, NULL));
}

/* Errors name what is wrong and where. */
static void
test_errors (void)
{
  GString *deep = g_string_new ("white ");
  for (int i = 0; i < 70; i++)
    g_string_append_c (deep, '(');
  g_string_append_c (deep, '#');
  for (int i = 0; i < 70; i++)
    g_string_append_c (deep, ')');
  const struct {
    const char *text;
    gsize offset;
  } bad[] = {
    { "", 0 },
    { "white", 5 },
    { "green 3a[#]d", 0 },
    { "whites 3a[#]d", 0 },
    { "white 3x[#]", 7 },
    { "white 3a[#d", 10 },
    { "white 3a[>#]d", 8 },
    { "white 6s[>1d[#]a]", 8 },
    { "white 3a[#]d[>1a[#]d]", 12 },
    { "white 3da[#]&2hh[#]", 12 },
    { "white 3a[#]d&#", 12 },
    { "white 0a[#]", 6 },
    { "white 1000s[#]", 6 },
    { "white 3a[zk9]d", 9 },
    { "white 3h[#]", 11 },
    { "white 3a[#]?+?", 14 },
    { "white 3a[#]d )", 13 },
    { "white (3a[#]d", 13 },
    { "white 3a{#d", 10 },
    { deep->str, 70 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      FeSStip *s = NULL;
      GError *error = NULL;
      gsize at = 999;
      if (fe_sstip_parse (bad[i].text, &s, &at, &error))
        g_error ("\"%s\" read", bad[i].text);
      g_assert_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_INVALID);
      if (at != bad[i].offset)
        g_error ("\"%s\": fault at %" G_GSIZE_FORMAT ", not %" G_GSIZE_FORMAT " (%s)", bad[i].text,
                 at, bad[i].offset, error->message);
      g_clear_error (&error);
    }
  g_string_free (deep, TRUE);
}

/* In Popeye's command language the stipulation ends where its grammar
 * does. */
static void
test_prefix (void)
{
  const struct {
    const char *text;
    gsize end;
  } cases[] = {
    { "white 3a[#]d\noption Variations", 12 },
    { "white 3a[#]\nd", 13 },
    { "black 2hh[#] & 1h[#]h pieces", 21 },
    { "black - 5h[/1d[x]a{!+}]h end", 24 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (FeSStip) s = NULL;
      gsize end = 0;
      g_assert_true (fe_sstip_parse_prefix (cases[i].text, strlen (cases[i].text), &s, &end, NULL, NULL));
      g_assert_cmpuint (end, ==, cases[i].end);
    }
}

/* Plain synonyms, exact only (docs/rules/structured-stipulations.md §6). */
static void
test_plain (void)
{
  static const struct {
    const char *text, *plain;
  } cases[] = {
    { "white 5s[#]", "ser-#5" },
    { "white 3a[+]d", "+2" },
    { "white 3a[#]", "#2" },
    { "white 4ad[x]", "sx2" },
    { "white 5h[=]h", NULL },
    { "black -5h[=]h", "h=2.5" },
    { "black 4hh[#]", "h#2" },
    { "black 3:4hh[#]", NULL },
    { "black -7h[#]h", "h#3.5" },
    { "white 1h[#]h", NULL },
    { "black -1h[#]h", "h#0.5" },
    { "white -4hh[#]", NULL },
    { "black 2hh[#]&1h[#]h", "reci-h#1" },
    { "black 1h[#]h&2hh[#]", "reci-h#1" },
    { "black 2hh[2hh[#]&1h[#]h]", "reci-h#2" },
    { "black 2hh[2hh[=]&1h[#]h]", "reci-h(#)=2" },
    { "black 1s[1h[#]h]", "ser-h#1" },
    { "black 2s[1a[x]d]", "ser-hx2" },
    { "black 2s[>1a[x]d]", NULL },
    { "white 6s[1d[#]a]", NULL },
    { "white 2s[>1a[x]d]{!1a[x]d}", "ser-rx2" },
    { "white 2s[1a[x]d]{!1a[x]d}", NULL },
    { "white 3a[1a[#]d]d{!1a[#]d}", "r#2" },
    { "white 3a[>1a[#]d]d{!1a[#]d}", "r#2" },
    { "white 3a[1a[#]d]d", NULL },
    { "white 3h[1d[#]a]h", NULL },
    { "white 3h[>1a[#]d]h{!1a[#]d}", "hr#2" },
    { "white -4h{!1a[#]d}h[>1a[#]d]", "hr#2.5" },
    { "black -4h{!1a[#]d}h[>1a[#]d]", NULL },
    { "black -2s[#]", NULL },
    { "white 3d[==]a", NULL },
    { "white -6da[#]", NULL },
    { "white 4:4hh[#]", NULL },
    { "white 4a[#=]d[#=]", NULL },
    { "white 7h[#]?+?h", NULL },
    { "black 5s[#]", NULL },
    { "white 4hh[#]", NULL },
    { "black 6hh[/2da[#]{!+}]", NULL },
    { "white 2s[zd5]", "ser-zd52" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (FeSStip) s = NULL;
      GError *error = NULL;
      if (!fe_sstip_parse (cases[i].text, &s, NULL, &error))
        g_error ("\"%s\": %s", cases[i].text, error->message);
      FeStipulation st;
      gboolean plain = fe_sstip_plain (s, &st);
      g_autofree char *got = plain ? fe_stipulation_to_string (&st) : NULL;
      if (g_strcmp0 (got, cases[i].plain) != 0)
        g_error ("\"%s\": plain %s, not %s", cases[i].text, got ? got : "none",
                 cases[i].plain ? cases[i].plain : "none");
      /* The approximation is the plain synonym where there is one, and
       * always a stipulation that writes and reads back. */
      FeStipulation near;
      fe_sstip_approximate (s, &near);
      g_autofree char *near_text = fe_stipulation_to_string (&near);
      if (plain)
        g_assert_cmpstr (near_text, ==, got);
      FeStipulation back;
      g_assert_true (fe_stipulation_parse (near_text, &back, NULL));
    }
}

/* What the structured solver does not solve is refused, naming the part
 * of the tree or the option; what it solves is not. */
static void
test_refused (void)
{
  static const struct {
    const char *stip, *options, *names[2];
  } cases[] = {
    /* A plain synonym (##2) goes to the search, which solves ##. */
    { "white 3a[##]d", "", { NULL, NULL } },
    { "white 3a[1h[#]h]d", "", { "help or series play", "\"1h[#]h\"" } },
    { "white 2:3a[#]d", "", { "minimal length", "\"2:3a[#]d\"" } },
    { "white 3a[1a[#]d]d", "option Duplex", { "Duplex", "white 3a[1a[#]d]d" } },
    { "white 3a[1a[#]d]d", "option Try", { NULL, NULL } },
    { "white -4da[#]", "option Try", { "tries", "white -4da[#]" } },
    { "white 3:3a[#]d", "option Try", { NULL, NULL } },
    { "white 3a[1a[#]d]d", "option Quodlibet", { "Quodlibet", "white 3a[1a[#]d]d" } },
    { "white 3a[1a[#]d]d", "option NonTrivial 0 0", { "NonTrivial", "white 3a[1a[#]d]d" } },
    { "black 4s[#]", "option SetPlay", { "set play", "black 4s[#]" } },
    { "white 3a[1a[#]d]d", NULL, { NULL, NULL } },
    { "white 1h[1a[##]d]h&2hh[#]", "", { "double-mate", "\"##\"" } },
    { "black 4hh[!1h[##!]h]", "", { "counter-mate", "\"##!\"" } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *input = g_strdup_printf ("begin\npieces white ke1 qd1 black ke8 pe7\n"
                                                "sstipulation %s\n%s\nend\n", cases[i].stip,
                                                cases[i].options ? cases[i].options : "");
      GError *error = NULL;
      g_autoptr (GPtrArray) problems = fe_popeye_read (input, strlen (input), "t.inp", &error);
      g_assert_no_error (error);
      FeRefusal refusal;
      gboolean refused = fe_solve_refusal (problems->pdata[0], &refusal);
      g_assert_true (refused == (cases[i].names[0] != NULL));
      if (!refused)
        continue;
      g_assert_cmpint (refusal.reason, ==, FE_REFUSAL_STIPULATION);
      for (int k = 0; k < 2; k++)
        if (!strstr (refusal.error->message, cases[i].names[k]))
          g_error ("\"%s\": \"%s\" does not name %s", cases[i].stip, refusal.error->message,
                   cases[i].names[k]);
      fe_refusal_clear (&refusal);
    }
}

/* Plain stipulations as trees: the synonyms back and forth; semi-r and
 * exact play, which have no plain synonym the plain solver takes, as
 * their trees; what no tree here says, none. */
static void
test_from_plain (void)
{
  static const struct {
    const char *plain, *tree;
  } cases[] = {
    { "#2", "white 3a[#]d" },         { "s#3", "white 6ad[#]" },   { "r#2", "white 3a[1a[#]d]d{!1a[#]d}" },
    { "semi-r#2", "white 3a[1a[#]d]d" }, { "#=2", "white 3a[#=]d" }, { "h#2", "black 4hh[#]" },
    { "h#2.5", "black -5h[#]h" },     { "exact-h#3", "black 6:6hh[#]" }, { "hep1", "black 2hh[ep]" },
    { "hr#2", "white 3h[>1a[#]d]h{!1a[#]d}" }, { "hr#2.5", "white -4h{!1a[#]d}h[>1a[#]d]" },
    { "reci-h#1", "black 2hh[#]&1h[#]h" }, { "reci-h(=)#3", "black 4hh[2hh[#]&1h[=]h]" },
    { "ser-#3", "white 3s[#]" },      { "exact-ser-h0010", "black 10:10s[1h[00]h]" },
    { "ser-r#2", "white 2s[>1a[#]d]{!1a[#]d}" }, { "ser-hzd54", "black 4s[1h[zd5]h]" },
    { "exact-#2", "white 3:3a[#]d" }, { "exact-s#2", "white 4:4ad[#]" },
    { "exact-r#2", "white 3:3a[1a[#]d]d{!1a[#]d}" },
    { "hs#2", NULL },                 { "ser-s#2", NULL },         { "exact-hs#2", NULL },
    { "pser-h#2", NULL },             { "3->ser-#2", NULL },       { "a=>b2", NULL },
    { "h!=2", NULL },                 { "!#1", NULL },             { "reci-h(!=)#2", NULL },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FeStipulation st;
      g_assert_true (fe_stipulation_parse (cases[i].plain, &st, NULL));
      g_autoptr (FeSStip) s = fe_sstip_from_plain (&st);
      g_autofree char *tree = s ? fe_sstip_to_string (s) : NULL;
      if (g_strcmp0 (tree, cases[i].tree) != 0)
        g_error ("%s: %s, not %s", cases[i].plain, tree ? tree : "none",
                 cases[i].tree ? cases[i].tree : "none");
      FeStipulation back;
      if (s && fe_sstip_plain (s, &back))
        g_assert_true (fe_stipulation_equal (&back, &st));
    }
}

/* Quodlibet: self, reflex and semi-reflex play as trees with the
 * attacker's own goal besides; a problem with the option is solved so
 * (by the structured solver) and refused by name in the other plays. */
static void
test_quodlibet (void)
{
  static const struct {
    const char *plain, *tree;
  } cases[] = {
    { "s#2", "white 4a[#]d[#]" },
    { "semi-r#2", "white 3a[#][1a[#]d]d" },
    { "r=1", "white 1a[=][1a[=]d]d{!1a[=]d}" },
    { "#2", NULL },
    { "h#2", NULL },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FeStipulation st;
      g_assert_true (fe_stipulation_parse (cases[i].plain, &st, NULL));
      g_autoptr (FeSStip) s = fe_sstip_from_plain_quodlibet (&st);
      g_autofree char *tree = s ? fe_sstip_to_string (s) : NULL;
      if (g_strcmp0 (tree, cases[i].tree) != 0)
        g_error ("%s: %s, not %s", cases[i].plain, tree ? tree : "none",
                 cases[i].tree ? cases[i].tree : "none");
      g_autofree char *input = g_strdup_printf ("begin\npieces white ke1 qd1 black ke8 pe7\n"
                                                "stipulation %s\noption Quodlibet\nend\n", cases[i].plain);
      GError *error = NULL;
      g_autoptr (GPtrArray) problems = fe_popeye_read (input, strlen (input), "t.inp", &error);
      g_assert_no_error (error);
      FeRefusal refusal;
      gboolean refused = fe_solve_refusal (problems->pdata[0], &refusal);
      g_assert_true (refused == (cases[i].tree == NULL));
      if (refused)
        {
          g_assert_nonnull (strstr (refusal.error->message, "Quodlibet"));
          fe_refusal_clear (&refusal);
        }
    }
}

/* The verifier replays a structured stipulation's lines (their passes,
 * their last marks), and finds a line changed. */
static void
test_verify (void)
{
  static const char *const inputs[] = {
    "begin\nsstipulation white 3h[1a[x]d]h\npieces white pf3g3g2h4 black pa6f4h5\n"
    "option NoWk NoBk\nend\n",
    "begin\nsstip black 3s[1s[-1s[+]]{x}]\npieces white sb4 black kh1 pa6\nend\n",
    "begin\nsstipulation black 6hh[/2da[#]{!+}]\npieces white kb2 pe7 black kd5 pb4\nend\n",
    "begin\nsstipulation black 4h{!x}h[x]\npieces white pa3f5h4 black pf6g6g7h5\n"
    "option NoWk NoBk\nend\n",
    "begin\nstipulation hep1\npieces white ke1 pe5 black ke8 pd7\nend\n",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      GError *error = NULL;
      g_autoptr (GPtrArray) problems = fe_popeye_read (inputs[i], strlen (inputs[i]), "v.inp", &error);
      g_assert_no_error (error);
      GString *out = g_string_new (NULL);
      g_assert_true (fe_solve (problems->pdata[0], NULL, out, NULL, &error));
      g_assert_nonnull (strstr (out->str, "."));
      GString *report = g_string_new (NULL);
      if (fe_solve_verify (problems->pdata[0], out->str, report, NULL) != 0)
        g_error ("%s%s", out->str, report->str);
      /* A move taken back where it was: no line reads. */
      char *dot = strstr (out->str, "1.");
      g_assert_nonnull (dot);
      char *dash = strchr (dot, '-');
      if (dash && dash[1] && dash[2])
        {
          dash[1] = dot[3];
          dash[2] = dot[4];
          g_assert_cmpint (fe_solve_verify (problems->pdata[0], out->str, report, NULL), >, 0);
        }
      g_string_free (report, TRUE);
      g_string_free (out, TRUE);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sstipulation/round-trip", test_round_trip);
  g_test_add_func ("/sstipulation/equal", test_equal);
  g_test_add_func ("/sstipulation/errors", test_errors);
  g_test_add_func ("/sstipulation/prefix", test_prefix);
  g_test_add_func ("/sstipulation/plain", test_plain);
  g_test_add_func ("/sstipulation/refused", test_refused);
  g_test_add_func ("/sstipulation/from-plain", test_from_plain);
  g_test_add_func ("/sstipulation/quodlibet", test_quodlibet);
  g_test_add_func ("/sstipulation/verify", test_verify);
  return g_test_run ();
}
