/* test-xml.c — Féerie XML files and FEN: byte-identical round trips, located
 * errors for malformed input, Popeye → XML → model equality over the oracle
 * problems, and a writer killed mid-save that never leaves a broken file.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "io/fen.h"
#include "io/popeye.h"
#include "io/xml.h"

#define NS "xmlns=\"https://feerie.org/ns/problem/1\""

/* ---- model equality ---------------------------------------------------- */

/* Equal problems (fe_problem_equal: every field a file keeps; piece ids
 * and hashes are not kept); on a difference `why` gets both as XML. */
static gboolean
problems_equal (const FeProblem *a, const FeProblem *b, GString *why)
{
  if (fe_problem_equal (a, b))
    return TRUE;
  g_autoptr (GPtrArray) both = g_ptr_array_new ();
  g_ptr_array_add (both, (gpointer) a);
  g_ptr_array_add (both, (gpointer) b);
  g_autofree char *text = fe_xml_to_string (both);
  g_string_append_printf (why, "the problems differ:\n%s", text);
  return FALSE;
}

/* ---- round trips -------------------------------------------------------- */

static char *
data_path (const char *name)
{
  return g_build_filename (g_getenv ("FEERIE_TEST_XML_DATA") ? g_getenv ("FEERIE_TEST_XML_DATA")
                                                             : XML_DATA_DIR,
                           name, NULL);
}

static void
test_round_trip (void)
{
  g_autofree char *dir = data_path ("");
  GDir *d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  int files = 0;
  while ((name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".xml"))
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      gsize len;
      g_assert_true (g_file_get_contents (path, &text, &len, NULL));
      GError *error = NULL;
      g_autoptr (GPtrArray) problems = fe_xml_parse (text, len, name, &error);
      g_assert_no_error (error);
      g_autofree char *again = fe_xml_to_string (problems);
      if (strcmp (again, text) != 0)
        g_test_message ("%s rewritten:\n%s", name, again);
      g_assert_cmpstr (again, ==, text);
      /* And the model survives a second trip unchanged. */
      g_autoptr (GPtrArray) second = fe_xml_parse (again, strlen (again), name, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (second->len, ==, problems->len);
      for (guint i = 0; i < problems->len; i++)
        {
          g_autoptr (GString) why = g_string_new (NULL);
          if (!problems_equal (problems->pdata[i], second->pdata[i], why))
            g_error ("%s problem %u: %s", name, i + 1, why->str);
        }
      files++;
    }
  g_dir_close (d);
  g_assert_cmpint (files, >=, 4);
}

/* A model built in code, with text the writer must escape. */
static void
test_model_round_trip (void)
{
  g_autoptr (FeProblem) p = fe_problem_new ();
  p->title = g_strdup ("tab\there, CR\r\n, <&>\"' and a control \001 char");
  p->comments = g_strdup ("");
  g_ptr_array_add (p->remarks, g_strdup ("  spaces  "));
  g_ptr_array_add (p->unsupported, g_strdup ("Circe \"Parrain\"\tx"));
  FeAuthor *a = g_new0 (FeAuthor, 1);
  g_ptr_array_add (p->authors, a);
  fe_position_put (&p->diagram, FE_SQ (4, 0), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (&p->diagram, FE_SQ (2, 2),
                   (FePiece) { FE_WALK_NIGHTRIDER, FE_NEUTRAL, FE_ATTR_MAGICIAN, 0 });
  fe_position_default_castling (&p->diagram);
  /* The options that change what a solution is, NonTrivial's 0 kept. */
  p->options.quodlibet = p->options.goal_is_end = p->options.keep_mating_piece = TRUE;
  p->options.no_short_variations = p->options.mates_in_1 = p->options.non_trivial = TRUE;
  p->options.non_trivial_length = 3;
  GPtrArray *one = g_ptr_array_new ();
  g_ptr_array_add (one, p);
  g_autofree char *text = fe_xml_to_string (one);
  GError *error = NULL;
  g_autoptr (GPtrArray) back = fe_xml_parse (text, strlen (text), "model.xml", &error);
  g_assert_no_error (error);
  FeProblem *q = back->pdata[0];
  /* The control character cannot exist in XML 1.0: it becomes U+FFFD. */
  g_assert_cmpstr (q->title, ==, "tab\there, CR\r\n, <&>\"' and a control \xef\xbf\xbd char");
  g_free (p->title);
  p->title = g_strdup (q->title);
  g_autoptr (GString) why = g_string_new (NULL);
  if (!problems_equal (p, q, why))
    g_error ("model round trip: %s", why->str);
  g_autofree char *again = fe_xml_to_string (back);
  g_free (text);
  text = fe_xml_to_string (one);
  g_assert_cmpstr (again, ==, text);
  g_ptr_array_unref (one);
}

/* Every oracle problem: Popeye → model → XML → model, models equal. */
static void
test_oracle_round_trip (void)
{
  GError *error = NULL;
  g_autoptr (GPtrArray) probe = fe_popeye_read ("begin\nstipulation #2\npieces white ke1\nend\n",
                                                strlen ("begin\nstipulation #2\npieces white ke1\nend\n"),
                                                "probe.inp", &error);
  /* The Popeye reader exists: no skipping (a skip inside a passing program
   * would go unseen). */
  g_assert_no_error (error);
  g_assert_nonnull (probe);
  int checked = 0, unreadable = 0;
  g_autoptr (GString) failures = g_string_new (NULL);
  static const char *kinds[] = { "cases", "orthodox", "unsupported", "walks", "beyond" };
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *dir = g_build_filename (ORACLE_DATA_DIR, kinds[k], NULL);
      GDir *d = g_dir_open (dir, 0, NULL);
      const char *name;
      while (d && (name = g_dir_read_name (d)))
        {
          g_autofree char *path = g_build_filename (dir, name, "problem.inp", NULL);
          if (!g_file_test (path, G_FILE_TEST_EXISTS))
            continue;
          g_autoptr (GPtrArray) problems = fe_problem_file_read (path, &error);
          if (!problems)
            {
              g_test_message ("%s: %s", path, error->message);
              g_clear_error (&error);
              unreadable++;
              continue;
            }
          g_autofree char *text = fe_xml_to_string (problems);
          g_autoptr (GPtrArray) back = fe_xml_parse (text, strlen (text), path, &error);
          if (!back)
            {
              g_string_append_printf (failures, "%s: %s\n", path, error->message);
              g_clear_error (&error);
              continue;
            }
          for (guint i = 0; i < problems->len && i < back->len; i++)
            {
              g_autoptr (GString) why = g_string_new (NULL);
              if (!problems_equal (problems->pdata[i], back->pdata[i], why))
                g_string_append_printf (failures, "%s problem %u: %s", path, i + 1, why->str);
            }
          if (problems->len != back->len)
            g_string_append_printf (failures, "%s: %u problems became %u\n", path, problems->len,
                                    back->len);
          checked++;
        }
      if (d)
        g_dir_close (d);
    }
  g_test_message ("%d oracle files round-tripped, %d not readable by the Popeye reader", checked,
                  unreadable);
  if (failures->len)
    g_error ("oracle round trip:\n%s", failures->str);
  g_assert_cmpint (checked, >, 0);
}

/* ---- malformed XML ------------------------------------------------------ */

typedef struct {
  const char *name;
  const char *text;
  const char *location; /* "case.xml:LINE:COL:" */
  const char *fragment; /* part of the message */
} BadCase;

#define HEAD "<?xml version=\"1.0\"?>\n<problem " NS " version=\"1\">\n"
#define KINGS "<piece square=\"e1\" walk=\"k\" colour=\"white\"/>\n" \
              "<piece square=\"e8\" walk=\"k\" colour=\"black\"/>\n"

static const BadCase bad_xml[] = {
  { "empty", "", "case.xml:1:1:", "empty" },
  { "not xml", "hello", "case.xml:1:1:", "Start tag expected" },
  { "unclosed", HEAD "<stipulation>#2</stipulation>\n", "case.xml:4:", "end of data" },
  { "mismatched tags", HEAD "<stipulation>#2</title>\n</problem>\n", "case.xml:3:",
    "mismatch" },
  { "bad entity", HEAD "<title>&nbsp;</title>\n</problem>\n", "case.xml:3:", "nbsp" },
  { "invalid utf-8", HEAD "<title>\xff\xfe</title>\n</problem>\n", "case.xml:3:", "UTF-8" },
  { "foreign namespace", "<problem xmlns=\"urn:other\" version=\"1\"/>", "case.xml:1:1:",
    "root element must be" },
  { "wrong root", "<board " NS " version=\"1\"/>", "case.xml:1:1:", "root element must be" },
  { "newer version", "<problem " NS " version=\"2\"/>", "case.xml:1:1:",
    "format version 2; this Féerie reads versions up to 1" },
  { "doctype", "<?xml version=\"1.0\"?>\n<!DOCTYPE problem [<!ENTITY a \"aaaa\">]>\n"
               "<problem " NS " version=\"1\"/>", "case.xml:3:1:",
    "document type declarations are not allowed" },
  { "missing version", "<problem " NS ">\n<stipulation>#2</stipulation>\n<position/>\n</problem>",
    "case.xml:1:1:", "version" },
  { "missing stipulation", HEAD "<position/>\n</problem>\n", "case.xml:3:1:",
    "<problem> has no <stipulation>" },
  { "bad structured stipulation",
    HEAD "<stipulation>#2</stipulation>\n<structured-stipulation side=\"white\">3a[#d"
         "</structured-stipulation>\n<position/>\n</problem>\n",
    "case.xml:4:", "(character 5)" },
  { "structured stipulation without side",
    HEAD "<stipulation>#2</stipulation>\n<structured-stipulation>3a[#]d"
         "</structured-stipulation>\n<position/>\n</problem>\n",
    "case.xml:4:", "failed to validate attributes" },
  { "unknown condition element", HEAD "<stipulation>#2</stipulation>\n<conditions>\n"
                                      "<maximummer/>\n</conditions>\n<position/>\n</problem>\n",
    "case.xml:5:1:", "element <maximummer> is not allowed here in <conditions>" },
  { "unknown walk", HEAD "<stipulation>#2</stipulation>\n<position>\n"
                         "<piece square=\"c3\" walk=\"xyz\" colour=\"white\"/>\n</position>\n"
                         "</problem>\n",
    "case.xml:5:1:", "unknown walk \"xyz\"" },
  { "two white kings", HEAD "<stipulation>#2</stipulation>\n<position>\n" KINGS
                            "<piece square=\"a1\" walk=\"k\" colour=\"white\"/>\n</position>\n"
                            "</problem>\n",
    "case.xml:7:1:", "two white kings (a1 and e1)" },
  { "two pieces on a square", HEAD "<stipulation>#2</stipulation>\n<position>\n" KINGS
                                   "<piece square=\"e1\" walk=\"q\" colour=\"black\"/>\n"
                                   "</position>\n</problem>\n",
    "case.xml:7:1:", "two pieces on e1" },
  { "bad square", HEAD "<stipulation>#2</stipulation>\n<position>\n"
                       "<piece square=\"i9\" walk=\"q\" colour=\"white\"/>\n</position>\n"
                       "</problem>\n",
    "case.xml:5:1:", "<piece square=\"i9\">: expected a square" },
  { "bad colour", HEAD "<stipulation>#2</stipulation>\n<position>\n"
                       "<piece square=\"a1\" walk=\"q\" colour=\"red\"/>\n</position>\n"
                       "</problem>\n",
    "case.xml:5:1:", "<piece colour=\"red\">: expected white, black or neutral" },
  { "bad boolean", HEAD "<stipulation>#2</stipulation>\n<position>\n"
                        "<piece square=\"a1\" walk=\"q\" colour=\"white\" magic=\"yes\"/>\n"
                        "</position>\n</problem>\n",
    "case.xml:5:1:", "<piece magic=\"yes\">: expected true or false" },
  { "mate in 0", HEAD "<stipulation>#0</stipulation>\n<position/>\n</problem>\n", "case.xml:3:1:",
    "between 1 and" },
  { "absurd length", HEAD "<stipulation>h#999999</stipulation>\n<position/>\n</problem>\n",
    "case.xml:3:1:", "between 1 and" },
  { "unknown goal", HEAD "<stipulation>#z2</stipulation>\n<position/>\n</problem>\n",
    "case.xml:3:1:", "number of moves" },
  { "twin on empty square", HEAD "<stipulation>#2</stipulation>\n<position>\n" KINGS
                                 "</position>\n<twins>\n<twin>\n<move from=\"d4\" to=\"d5\"/>\n"
                                 "</twin>\n</twins>\n</problem>\n",
    "case.xml:9:1:", "twin b): twin command refers to an empty square (d4)" },
  { "continued twin on emptied square",
    HEAD "<stipulation>#2</stipulation>\n<position>\n" KINGS
         "<piece square=\"d4\" walk=\"q\" colour=\"white\"/>\n"
         "</position>\n<twins>\n<twin>\n<remove square=\"d4\"/>\n</twin>\n"
         "<twin continued=\"true\">\n<exchange first=\"d4\" second=\"e1\"/>\n</twin>\n"
         "</twins>\n</problem>\n",
    "case.xml:13:1:", "twin c): twin command refers to an empty square (d4)" },
  { "unknown walk in twin", HEAD "<stipulation>#2</stipulation>\n<position/>\n<twins>\n<twin>\n"
                                 "<substitute from=\"q\" to=\"qq\"/>\n</twin>\n</twins>\n"
                                 "</problem>\n",
    "case.xml:7:1:", "unknown walk \"qq\"" },
  { "condition twice", HEAD "<stipulation>#2</stipulation>\n<conditions>\n<magic/>\n<magic/>\n"
                            "</conditions>\n<position/>\n</problem>\n",
    "case.xml:6:1:", "condition <magic> given twice" },
  { "option twice", HEAD "<stipulation>#2</stipulation>\n<options>\n<try/>\n<try/>\n"
                         "</options>\n<position/>\n</problem>\n",
    "case.xml:6:1:", "option <try> given twice" },
  { "zero defence", HEAD "<stipulation>#2</stipulation>\n<options>\n<defence>0</defence>\n"
                         "</options>\n<position/>\n</problem>\n",
    "case.xml:5:1:", "<defence>: Type positiveInteger doesn't allow value '0'" },
  { "five e.p. squares", HEAD "<stipulation>#2</stipulation>\n<options>\n"
                              "<en-passant squares=\"a1 a2 a3 a4 a5\"/>\n</options>\n<position/>\n"
                              "</problem>\n",
    "case.xml:5:1:", "at most 4 squares" },
  { "imitator on a piece", HEAD "<stipulation>#2</stipulation>\n<position>\n" KINGS
                                "<imitator square=\"e1\"/>\n</position>\n</problem>\n",
    "case.xml:7:1:", "the imitator on e1 shares its square with a piece" },
  { "eleven imitators",
    HEAD "<stipulation>#2</stipulation>\n<position>\n"
         "<imitator square=\"a1\"/><imitator square=\"a2\"/><imitator square=\"a3\"/>"
         "<imitator square=\"a4\"/><imitator square=\"a5\"/><imitator square=\"a6\"/>"
         "<imitator square=\"a7\"/><imitator square=\"a8\"/><imitator square=\"b1\"/>"
         "<imitator square=\"b2\"/>\n<imitator square=\"b3\"/>\n</position>\n</problem>\n",
    "case.xml:6:1:", "more than 10 imitators" },
  { "bad rotation", HEAD "<stipulation>#2</stipulation>\n<position/>\n<twins>\n<twin>\n"
                         "<rotate degrees=\"45\"/>\n</twin>\n</twins>\n</problem>\n",
    "case.xml:7:1:", "<rotate degrees=\"45\">: expected 90, 180 or 270" },
  { "empty twin", HEAD "<stipulation>#2</stipulation>\n<position/>\n<twins>\n<twin/>\n</twins>\n"
                       "</problem>\n",
    "case.xml:6:1:", "<twin>: Expecting an element" },
  { "text in position", HEAD "<stipulation>#2</stipulation>\n<position>\nKe1\n</position>\n"
                             "</problem>\n",
    "case.xml:4:1:", "position" },
  { "problem in wrong order", HEAD "<position/>\n<stipulation>#2</stipulation>\n</problem>\n",
    "case.xml:3:1:", "element <position> is not allowed here in <problem>" },
  { "unknown attribute", HEAD "<stipulation>#2</stipulation>\n<position>\n"
                              "<piece square=\"a1\" walk=\"q\" colour=\"white\" royal=\"true\"/>\n"
                              "</position>\n</problem>\n",
    "case.xml:5:1:", "<piece> has an unknown attribute \"royal\"" },
  { "missing attribute", HEAD "<stipulation>#2</stipulation>\n<position>\n"
                              "<piece square=\"a1\" colour=\"white\"/>\n</position>\n</problem>\n",
    "case.xml:5:1:", "<piece>" },
  /* a=>b: the target position is only for a target goal, and keeps the
   * position rules (located in it). */
  { "target without a=>b", HEAD "<stipulation>h#2</stipulation>\n<position>\n" KINGS "</position>\n"
                                "<position role=\"target\">\n" KINGS "</position>\n</problem>\n",
    "case.xml:8:1:", "a target position is only for a=>b" },
  { "target with two kings", HEAD "<stipulation>a=&gt;b2</stipulation>\n<position>\n" KINGS
                                  "</position>\n<position role=\"target\">\n" KINGS
                                  "<piece square=\"a1\" walk=\"k\" colour=\"white\"/>\n"
                                  "</position>\n</problem>\n",
    "case.xml:11:1:", "target position: two white kings" },
  { "target first", HEAD "<stipulation>a=&gt;b2</stipulation>\n<position role=\"target\"/>\n"
                         "<position/>\n</problem>\n",
    "case.xml:4:1:", "position" },
};

static void
test_bad_xml (void)
{
  int failed = 0;
  for (guint i = 0; i < G_N_ELEMENTS (bad_xml); i++)
    {
      const BadCase *c = &bad_xml[i];
      GError *error = NULL;
      GPtrArray *r = fe_xml_parse (c->text, strlen (c->text), "case.xml", &error);
      if (r || !error)
        g_error ("case \"%s\" was accepted", c->name);
      g_test_message ("%-32s %s", c->name, error->message);
      if (!g_str_has_prefix (error->message, c->location) || !strstr (error->message, c->fragment))
        {
          g_printerr ("case \"%s\": got \"%s\", expected \"%s … %s\"\n", c->name,
                      error->message, c->location, c->fragment);
          failed++;
        }
      g_assert_true (error->domain == FE_FILE_ERROR);
      g_error_free (error);
    }
  g_assert_cmpint (failed, ==, 0);
}

/* Every prefix of a good file is refused with an error, never a crash and
 * never a half-loaded problem. */
static void
test_truncated (void)
{
  g_autofree char *path = data_path ("full.xml");
  g_autofree char *text = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  for (gsize n = 0; n < len - 2; n += 7)
    {
      GError *error = NULL;
      GPtrArray *r = fe_xml_parse (text, n, "cut.xml", &error);
      g_assert_null (r);
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, "cut.xml:"));
      g_error_free (error);
    }
}

static void
test_load_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-xml-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "p.xml", NULL);
  g_autofree char *src = data_path ("collection.xml");
  GFile *in = g_file_new_for_path (src), *out = g_file_new_for_path (path);
  GError *error = NULL;
  g_autoptr (GPtrArray) problems = fe_problem_file_load (in, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 3);
  g_assert_true (fe_problem_file_save (out, &fe_xml_format, problems, NULL, &error));
  g_assert_no_error (error);
  g_autofree char *a = NULL, *b = NULL;
  g_assert_true (g_file_get_contents (src, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (path, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, b);
  /* A missing file is an error with the file's name. */
  GFile *missing = g_file_new_for_path ("/nonexistent/feerie.xml");
  g_assert_null (fe_problem_file_load (missing, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_object_unref (missing);
  g_object_unref (in);
  g_object_unref (out);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- a writer killed mid-save ------------------------------------------ */

static GPtrArray *
big_collection (const char *tag, int n)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  for (int i = 0; i < n; i++)
    {
      FeProblem *p = fe_problem_new ();
      p->title = g_strdup_printf ("%s %d", tag, i);
      p->solution_text = g_strnfill (200, 'x');
      for (int k = 0; k < 16; k++)
        fe_position_put (&p->diagram, FE_SQ (k % 8, k / 8 + 2),
                         (FePiece) { FE_WALK_GRASSHOPPER + (k % 10), k & 1, 0, 0 });
      g_ptr_array_add (problems, p);
    }
  return problems;
}

static void
test_kill_during_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-kill-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "c.xml", NULL);
  g_autoptr (GPtrArray) old_set = big_collection ("old", 400);
  g_autoptr (GPtrArray) new_set = big_collection ("new", 400);
  g_autofree char *old_text = fe_xml_to_string (old_set);
  g_autofree char *new_text = fe_xml_to_string (new_set);
  g_assert_true (g_file_set_contents (path, old_text, -1, NULL));
  GRand *rand = g_rand_new_with_seed (20240601);
  int rounds = 40, saw_new = 0;
  for (int round = 0; round < rounds; round++)
    {
      pid_t child = fork ();
      g_assert_cmpint (child, >=, 0);
      if (child == 0)
        {
          GFile *f = g_file_new_for_path (path);
          for (int k = 0;; k++)
            fe_problem_file_save (f, &fe_xml_format, (k & 1) ? old_set : new_set, NULL, NULL);
          _exit (0);
        }
      g_usleep (g_rand_int_range (rand, 0, 30000));
      kill (child, SIGKILL);
      int status;
      waitpid (child, &status, 0);
      g_autofree char *now = NULL;
      gsize len;
      g_assert_true (g_file_get_contents (path, &now, &len, NULL));
      gboolean is_old = strcmp (now, old_text) == 0, is_new = strcmp (now, new_text) == 0;
      if (!is_old && !is_new)
        g_error ("round %d: the file is neither version (%zu bytes)", round, len);
      saw_new += is_new;
      GError *error = NULL;
      g_autoptr (GPtrArray) loaded = fe_xml_parse (now, len, path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (loaded->len, ==, 400);
      /* No partial temporary file is left behind: it has no name while
       * written (fe-atomic-save.c).  Only a kill that lands between naming
       * the finished file and the rename (two system calls) leaves one: it
       * is complete, and the next save removes it. */
      GDir *d = g_dir_open (dir, 0, NULL);
      const char *name;
      gboolean stale = FALSE;
      while ((name = g_dir_read_name (d)))
        if (strcmp (name, "c.xml") != 0)
          {
            if (!g_str_has_suffix (name, ".feerie-tmp"))
              g_error ("round %d: a kill left \"%s\" behind", round, name);
            g_autofree char *tmp_path = g_build_filename (dir, name, NULL);
            g_autofree char *tmp_text = NULL;
            g_assert_true (g_file_get_contents (tmp_path, &tmp_text, NULL, NULL));
            if (strcmp (tmp_text, old_text) != 0 && strcmp (tmp_text, new_text) != 0)
              g_error ("round %d: a kill left a partial \"%s\"", round, name);
            stale = TRUE;
          }
      g_dir_close (d);
      if (stale)
        {
          GFile *f = g_file_new_for_path (path);
          g_assert_true (fe_problem_file_save (f, &fe_xml_format, old_set, NULL, NULL));
          g_object_unref (f);
          d = g_dir_open (dir, 0, NULL);
          while ((name = g_dir_read_name (d)))
            if (strcmp (name, "c.xml") != 0)
              g_error ("round %d: the next save left \"%s\"", round, name);
          g_dir_close (d);
        }
    }
  g_test_message ("%d of %d kills left the new version", saw_new, rounds);
  g_rand_free (rand);
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_dir_close (d);
  g_rmdir (dir);
}

/* ---- FEN ---------------------------------------------------------------- */

static void
test_fen_round_trip (void)
{
  static const char *fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    "8/8/8/3pP3/8/8/8/4K2k w - d6",
    "4k3/8/8/8/8/8/8/4K3 b - -",
    /* fairy walks, neutral pieces, magic and magician marks, imitators */
    "(gi)(G)(n)(N)(!s)(!k)(ro)(RO)/(g2)(G3)(lr)(LB)(ln)(nl)(eq)(NE)/*Q^r*(!b)^(AM)4/(!i)(I)(i)5/8/8/8/K6k w - -",
    "8/8/8/8/8/8/8/8 w - -",
    "(ca)(z)(m)(ma)(mo)(bt)(em)(pr)/(al)(fe)(we)(da)(gn)(an)(ok)(bi)/(cr)(zr)(rh)(bh)(rl)(bl)(li)(l)/(kh)7/8/8/8/8 b - -",
  };
  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      FePosition pos;
      GError *error = NULL;
      if (!fe_fen_parse (fens[i], &pos, &error))
        g_error ("%s: %s", fens[i], error->message);
      g_autofree char *back = fe_fen_write (&pos);
      g_assert_cmpstr (back, ==, fens[i]);
    }
  /* Accepted spellings that are not canonical. */
  static const char *alias[][2] = {
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -" },
    { "8/8/8/8/8/8/8/K1k5", "8/8/8/8/8/8/8/K1k5 w - -" },
    { "8/8/8/8/8/8/8/S(s)(!n)G2zk", "8/8/8/8/8/8/8/Nn(!n)(G)2(z)k w - -" },
    { "44/8/8/8/8/8/8/8 b", "8/8/8/8/8/8/8/8 b - -" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (alias); i++)
    {
      FePosition pos;
      GError *error = NULL;
      if (!fe_fen_parse (alias[i][0], &pos, &error))
        g_error ("%s: %s", alias[i][0], error->message);
      g_autofree char *back = fe_fen_write (&pos);
      g_assert_cmpstr (back, ==, alias[i][1]);
    }
}

static const struct {
  const char *fen;
  const char *message;
} bad_fen[] = {
  { "", "FEN column 1: empty FEN" },
  { "8/8/8/8/8/8/8", "FEN column 14: the board field does not describe 64 squares" },
  { "9/8/8/8/8/8/8/8", "FEN column 1: empty squares are counted 1 to 8" },
  { "0/8/8/8/8/8/8/8", "FEN column 1: empty squares are counted 1 to 8" },
  { "ppppppppp/8/8/8/8/8/8/8", "FEN column 9: a rank has more than 8 squares" },
  { "8/8/8/8/8/8/8/8/8", "FEN column 16: more than 8 ranks" },
  { "7/8/8/8/8/8/8/8", "FEN column 2: a rank does not have 8 squares" },
  { "(xx)7/8/8/8/8/8/8/8", "FEN column 1: unknown piece" },
  { "x7/8/8/8/8/8/8/8", "FEN column 1: unknown piece" },
  { "(gi7/8/8/8/8/8/8/8", "FEN column 1: bad walk code in parentheses" },
  { "7(gi", "FEN column 2: unclosed \"(\"" },
  { "()7/8/8/8/8/8/8/8", "FEN column 1: a walk code starts with a letter" },
  { "KK6/8/8/8/8/8/8/8", "FEN column 2: two white kings (a8 and b8): a side has at most one king" },
  { "k6k/8/8/8/8/8/8/8", "FEN column 3: two black kings (a8 and h8): a side has at most one king" },
  { "#7/8/8/8/8/8/8/8", "FEN column 1: unexpected character" },
  { "*(i)7/8/8/8/8/8/8/8", "FEN column 1: an imitator cannot be magic or a magician" },
  { "8/8/8/8/8/8/8/8 x", "FEN column 17: side to move must be w or b" },
  { "8/8/8/8/8/8/8/8 white", "FEN column 17: side to move must be w or b" },
  { "8/8/8/8/8/8/8/8 w KX", "FEN column 20: bad castling field" },
  { "8/8/8/8/8/8/8/8 w - e4", "FEN column 21: en passant square must be on rank 3 or 6" },
  { "8/8/8/8/8/8/8/8 w - z9", "FEN column 21: bad en passant square" },
  { "8/8/8/8/8/8/8/8 w - - 0 1 x", "FEN column 27: unexpected text after the FEN" },
  { "8/8/8/8/8/8/8/8 w - - zz", "FEN column 23: unexpected text after the FEN" },
  { "(i)(i)(i)(i)(i)(i)(i)(i)/(i)(i)(i)7/8/8/8/8/8/8", "FEN column 32: too many imitators" },
};

static void
test_bad_fen (void)
{
  int failed = 0;
  for (guint i = 0; i < G_N_ELEMENTS (bad_fen); i++)
    {
      FePosition pos;
      GError *error = NULL;
      if (fe_fen_parse (bad_fen[i].fen, &pos, &error))
        g_error ("\"%s\" was accepted", bad_fen[i].fen);
      if (strcmp (error->message, bad_fen[i].message) != 0)
        {
          g_printerr ("\"%s\": got \"%s\", expected \"%s\"\n", bad_fen[i].fen, error->message,
                      bad_fen[i].message);
          failed++;
        }
      g_error_free (error);
    }
  g_assert_cmpint (failed, ==, 0);
}

/* ---- feerie-cli convert -------------------------------------------------- */

static int
run_convert (const char *in, const char *out, char **err)
{
  const char *argv[] = { FEERIE_CLI, "convert", in, out, NULL };
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, err, &status, NULL));
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

static void
test_convert (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-convert-XXXXXX", NULL);
  g_autofree char *full = data_path ("full.xml");
  g_autofree char *xml = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *fen = g_build_filename (dir, "a.fen", NULL);
  g_autofree char *xml2 = g_build_filename (dir, "b.xml", NULL);
  g_autofree char *fen2 = g_build_filename (dir, "b.fen", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.fen", NULL);
  char *err = NULL;
  /* XML → XML is the identity on canonical files. */
  g_assert_cmpint (run_convert (full, xml, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  g_assert_true (g_file_get_contents (full, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (xml, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, b);
  /* XML → FEN → XML → FEN keeps the board, castling rights and the e.p.
   * square included (the XML option EnPassant f7f6f5 gives f6). */
  g_assert_cmpint (run_convert (xml, fen, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_convert (fen, xml2, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_convert (xml2, fen2, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_true (g_file_get_contents (fen, &c, NULL, NULL));
  g_assert_true (g_file_get_contents (fen2, &d, NULL, NULL));
  g_assert_cmpstr (c, ==, "r3k2r/8/1(!i)(!gi)5/3*(G2)1p2/1(n)6/6(I)1/8/R3K2R w Kq f6\n");
  g_assert_cmpstr (c, ==, d);
  /* Errors name the file, line and column; unknown extensions are refused. */
  g_assert_true (g_file_set_contents (bad, "8/8/8/8/8/8/8/8\nKK6/8/8/8/8/8/8/8\n", -1, NULL));
  g_assert_cmpint (run_convert (bad, xml2, &err), !=, 0);
  g_assert_nonnull (strstr (err, "bad.fen:2:2: two white kings (a8 and b8)"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_convert (full, "out.txt", &err), !=, 0);
  g_assert_nonnull (strstr (err, "unknown file type"));
  g_clear_pointer (&err, g_free);
  const char *files[] = { xml, fen, xml2, fen2, bad };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_unlink (files[i]);
  g_rmdir (dir);
}

/* The schema the build wrote (and installs) holds the registry's piece
 * attributes and condition elements, and the template none of its own. */
static void
test_schema_from_registry (void)
{
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (FEERIE_SCHEMA, &text, NULL, NULL));
  g_autofree char *conditions = fe_xml_condition_schema ();
  g_autofree char *attributes = fe_xml_attribute_schema ();
  g_assert_nonnull (strstr (text, conditions));
  g_assert_nonnull (strstr (text, attributes));
  for (int id = 0; id < fe_condition_count (); id++)
    {
      g_autofree char *element = g_strdup_printf ("<element name=\"%s\"",
                                                  fe_condition_nth (id)->xml_element);
      g_assert_nonnull (strstr (text, element));
    }
  for (int i = 0; i < fe_attribute_count (); i++)
    {
      g_autofree char *attr = g_strdup_printf ("<attribute name=\"%s\">", fe_attribute_nth (i)->name);
      g_assert_nonnull (strstr (text, attr));
    }
  g_autofree char *path = g_build_filename (FEERIE_SOURCE_ROOT, "data", "feerie-problem.rng.in", NULL);
  g_autofree char *template = NULL;
  g_assert_true (g_file_get_contents (path, &template, NULL, NULL));
  g_assert_null (strstr (template, "<element name=\"madrasi\""));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/xml/round-trip", test_round_trip);
  g_test_add_func ("/io/xml/model-round-trip", test_model_round_trip);
  g_test_add_func ("/io/xml/bad", test_bad_xml);
  g_test_add_func ("/io/xml/truncated", test_truncated);
  g_test_add_func ("/io/xml/load-save", test_load_save);
  g_test_add_func ("/io/xml/oracle-round-trip", test_oracle_round_trip);
  g_test_add_func ("/io/xml/kill-during-save", test_kill_during_save);
  g_test_add_func ("/io/fen/round-trip", test_fen_round_trip);
  g_test_add_func ("/io/fen/bad", test_bad_fen);
  g_test_add_func ("/io/convert", test_convert);
  g_test_add_func ("/io/xml/schema-from-registry", test_schema_from_registry);
  return g_test_run ();
}
