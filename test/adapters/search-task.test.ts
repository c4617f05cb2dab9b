// How a task worded as a user speaks is read: request and question openings, counting, `show me`, phrasal verbs.
import { describe, expect, it } from "vitest";
import { compoundsOf, readTask, respelled, taskStart, withoutAsides } from "../../src/runtime/adapters/search-task.js";
import { isPlural, splitWords, stem, taskVerbClasses, verbClasses } from "../../src/runtime/adapters/search-words.js";

const nouns = new Set([
  "customer",
  "channel",
  "repo",
  "issue",
  "node",
  "file",
  "notification",
  "reaction",
  "message",
  "label",
  "gist",
  "star",
]);
const read = (query: string) => {
  const task = readTask(query, nouns, nouns);
  return { actions: [...task.actions], object: task.object, context: [...task.context], self: task.self };
};

describe("reading a task", () => {
  it.each<[string, string, number]>([
    ["a question's opening", "how do I delete a repository", 3],
    ["a request's opening", "can you show me the nodes", 2],
    ["an opening that ends in to", "is there a way to transfer a repository", 5],
    ["a wish", "I would like to star a gist", 4],
    ["please", "please fork this repository", 1],
    ["no verb after the opening: the question stays", "is Anna online", 0],
    ["a task without an opening", "delete a repository", 0],
  ])("skips %s: %s", (_, query, start) => {
    expect(taskStart(splitWords(query))).toBe(start);
  });

  it.each<[string, string, ReturnType<typeof read>]>([
    [
      "a request's opening is not the verb, and its I is not the user's things",
      "how do I delete a repository",
      { actions: ["delete"], object: ["repo"], context: [], self: false },
    ],
    [
      "a yes/no question reads one thing or a list",
      "does this issue have a label",
      { actions: ["get", "list"], object: ["issue"], context: ["label"], self: false },
    ],
    [
      "where asks to read, and my is still the user's",
      "where are my gists",
      { actions: ["get", "list"], object: ["gist"], context: [], self: true },
    ],
    [
      "how many counts: a list, the adverbs left out",
      "how many open issues are there right now",
      { actions: ["list"], object: ["open", "issue"], context: [], self: false },
    ],
    [
      "me after show is who sees it, not whose it is",
      "show me the nodes",
      { actions: ["get", "list"], object: ["node"], context: [], self: false },
    ],
    [
      "me after show, then my, is the user's",
      "show me my files",
      { actions: ["get", "list"], object: ["file"], context: [], self: true },
    ],
    [
      "a phrasal verb means its own action (turn off → disable)",
      "turn off notifications",
      { actions: ["disable", "update"], object: ["notification"], context: [], self: false },
    ],
    [
      "a phrasal verb's particle after the thing acted on ends its phrase",
      "take my reaction off a message",
      { actions: ["remove", "delete"], object: ["reaction"], context: ["message"], self: true },
    ],
    [
      "get rid of deletes",
      "get rid of a label",
      { actions: ["delete", "remove"], object: ["label"], context: [], self: false },
    ],
    ["set up creates", "set up a repository", { actions: ["create"], object: ["repo"], context: [], self: false }],
    [
      "who is or are before a noun some tool acts on asks for those",
      "who are my customers",
      { actions: ["list", "get"], object: ["customer"], context: [], self: true },
    ],
    [
      "who is before a place asks for the people there",
      "who is in this channel",
      { actions: ["list", "get"], object: [], context: ["channel"], self: false },
    ],
  ])("%s: %s", (_, query, expected) => {
    expect(read(query)).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ["a possessive before the field says nothing of it", "look up a customer by their email", ["email"]],
    ["the phrase ends at the next preposition", "find the issues by label in a repository", ["label"]],
    ["no by: nothing picked", "show a customer", []],
  ])("picked by: %s: %s", (_, query, by) => {
    expect(readTask(query, nouns, nouns).by).toEqual(by);
  });

  it.each<[string, string, string[]]>([
    ["a lead noun before the thing says nothing of it", "get the details of a project", ["project"]],
    ["a lead noun after the thing says nothing of it", "show the project info", ["project"]],
    ["a lead noun alone is the task's only word: kept", "show details", ["detail"]],
  ])("text terms: %s: %s", (_, query, terms) => {
    expect(readTask(query, new Set(["project", "detail"]), new Set(["project"])).terms).toEqual(terms);
  });

  it.each<[string, string, string[]]>([
    ["the head of a closed compound", "hook", ["webhook"]],
    ["the head of a run-together list", "list", ["playlist"]],
    ["a word no object ends in", "issue", []],
    ["a head too short to tell (key of apikey)", "key", []],
  ])("compounds some tool acts on: %s: %s → %j", (_, term, expected) => {
    expect(compoundsOf(term, new Set(["webhook", "playlist", "issue", "apikey"]))).toEqual(expected);
  });

  it.each<[string, string, ReadonlySet<string>, ReadonlySet<string>, string[], string[], string[]]>([
    [
      "the head of a closed compound a tool acts on is the thing acted on, the compound its kin",
      "create a hook in a repository",
      new Set(["webhook", "repo"]),
      new Set(["webhook", "repo"]),
      ["hook"],
      ["repo"],
      ["webhook"],
    ],
    [
      "a word of a tool's object before its head is the thing acted on, not an attribute of the owner",
      "add a line to an order",
      new Set(["item", "order"]),
      new Set(["order", "line", "item"]),
      ["line"],
      ["order"],
      [],
    ],
    [
      "an -ing word after start is the thing acted on, the rest its context",
      "start recording the ongoing call",
      new Set(["recording", "call"]),
      new Set(["recording", "call"]),
      ["recording"],
      ["ongoing", "call"],
      [],
    ],
    [
      "a user's word for a thing the API names otherwise (a company is an account)",
      "show me all the companies we're targeting",
      new Set(["account", "person"]),
      new Set(["account", "person"]),
      ["company"],
      [],
      ["account"],
    ],
  ])("the thing acted on: %s: %s", (_, query, objects, objectWords, object, context, kin) => {
    const task = readTask(query, objectWords, objects, objectWords);
    expect([task.object, [...task.context], [...task.kin]]).toEqual([object, context, kin]);
  });

  it.each<[string, string, string[]]>([
    ["a verb that is itself a noun a tool acts on makes that noun only", "call my customer's phone", ["call"]],
    ["a phrasal compound still comes first", "pay out money", ["payout"]],
    ["a verb no tool acts on as a noun makes its nouns", "remind me to pay", ["reminder"]],
  ])("the nouns a verb makes: %s: %s", (_, query, made) => {
    const vocabulary = new Set(["call", "caller", "pay", "payout", "reminder", "customer", "phone"]);
    expect([...readTask(query, vocabulary, new Set(["call", "caller", "pay", "payout", "reminder"])).made]).toEqual(
      made,
    );
  });

  it.each<[string, string, boolean]>([
    ["people", "person", true],
    ["children", "child", true],
    ["customers", "customer", true],
    ["status", "status", false],
  ])("plurals without -s: %s → %s", (word, singular, plural) => {
    expect([stem(word), isPlural(word)]).toEqual([singular, plural]);
  });

  it.each<[string, string[]]>([
    ["floatingIPs_list", ["floating", "ips", "list"]],
    ["listAPIs", ["list", "apis"]],
    ["getCheckinURLs", ["get", "checkin", "urls"]],
    ["HTTPServerList", ["http", "server", "list"]],
    ["TVShows", ["tv", "shows"]],
  ])("a plural acronym is one word: %s → %j", (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });

  it.each<[string, string, string[]]>([
    ["check out buys (or looks at)", "check out and place my order", ["create", "update", "get"]],
    ["publish pushes as well", "publish my image to the registry", ["publish", "push"]],
  ])("task verbs: %s: %s", (_, query, actions) => {
    expect(read(query).actions).toEqual(actions);
  });

  it.each<[string, readonly string[] | undefined]>([
    ["unassign", ["unassign"]],
    ["disconnect", ["disconnect"]],
    ["display", ["get", "list"]],
    ["under", undefined],
    ["dismiss", undefined],
  ])("un- and dis- verbs of known verbs are verbs of their own: %s", (word, classes) => {
    expect(verbClasses(word)).toEqual(classes);
  });

  it.each<[string, string, string]>([
    ["what the task excludes", "pause the container without killing it", "pause the container"],
    ["an exclusion ends at a preposition", "list the files except drafts in a folder", "list the files in a folder"],
    ["a clause about the thing acted on", "release a phone number I no longer need", "release a phone number"],
    ["its preposition's phrase stays", "save the changes I made in the container", "save the changes in the container"],
    [
      "a subject after a question's auxiliary is no clause",
      "which repositories do I have",
      "which repositories do i have",
    ],
    ["a subject after a determiner-less start is no clause", "show what we have", "show what we have"],
  ])("asides left out: %s: %s", (_, query, kept) => {
    expect(withoutAsides(splitWords(query)).join(" ")).toBe(kept);
  });

  it.each<[string, readonly string[] | undefined, readonly string[] | undefined]>([
    ["text", ["text", "send", "create"], undefined],
    ["email", ["email", "send", "create"], undefined],
    ["store", ["create", "save"], undefined],
    ["release", ["release", "delete"], undefined],
    ["play", ["play", "start"], ["play", "start"]],
    ["log", ["log", "create"], ["log", "create"]],
    ["recommend", ["recommend"], ["recommend"]],
    ["delete", ["delete"], ["delete"]],
  ])("a verb in a task, a noun in operation names: %s", (word, inTask, inNames) => {
    expect([taskVerbClasses(word), verbClasses(word)]).toEqual([inTask, inNames]);
  });

  it.each<[string, string, string[]]>([
    ["a medium's name as the verb makes its thing", "text +15551234567 that the order shipped", ["message"]],
    ["an email", "email the team about the outage", ["email"]],
  ])("task-only verbs make their nouns: %s: %s", (_, query, made) => {
    const things = new Set(["message", "email", "order", "team"]);
    expect([...readTask(query, things, things).made]).toEqual(made);
  });

  it.each<[string, string, string[]]>([
    ["what a new thing is about is its content", "open an issue about a bug", ["issue"]],
    ["up to the next preposition", "email the team about the outage in the EU", ["team", "eu"]],
    ["a read searches by it", "find issues about a bug", ["issue", "bug"]],
    ["a preposition makes no noun", "which items are running low", ["item", "running", "low"]],
  ])("text terms of a task: %s: %s", (_, query, terms) => {
    const vocabulary = new Set(["issue", "bug", "about", "team", "outage", "eu", "item", "run", "are"]);
    expect(readTask(query, vocabulary, new Set(["issue", "team", "item"])).terms).toEqual(terms);
  });

  it.each<[string, string, string[]]>([
    ["an indefinite article: a new thing", "write a note", ["create"]],
    ["new", "write new notes", ["create"]],
    ["a definite one: the thing may be there", "write the note", ["create", "update"]],
    ["a verb that cannot make keeps its classes", "change a note", ["update"]],
  ])("what a make-or-change verb does: %s: %s", (_, query, actions) => {
    expect([...readTask(query, new Set(["note"]), new Set(["note"])).actions]).toEqual(actions);
  });

  it.each<[string, string, string[]]>([
    ["a verb and back make one noun", "play a song", ["playback"]],
    ["a song is a track", "play a song", ["track"]],
  ])("play: %s", (_, query, nouns) => {
    const things = new Set(["playback", "track"]);
    const task = readTask(query, new Set([...things, "play"]), things);
    expect(nouns.every((n) => task.made.has(n) || task.kin.has(n))).toBe(true);
  });

  it.each<[string, string, string[], string[]]>([
    ["take … off removes", "take someone off a cadence", ["remove", "delete"], ["user"]],
    ["without its particle, an unknown verb is its own word", "take the cadence", ["take"], ["cadence"]],
  ])("a phrasal verb the search knows only with its particle: %s: %s", (_, query, actions, object) => {
    const task = readTask(query, new Set(["user", "cadence"]), new Set(["user", "cadence"]));
    expect([[...task.actions], task.object]).toEqual([actions, object]);
  });

  it.each<[string, string]>([
    ["what's on my to-do list today", "what's on my todos today"],
    ["add a to-do", "add a todo"],
    ["how to do it", "how to do it"],
  ])("hyphenated words folded: %s", (query, folded) => {
    expect(respelled(query)).toBe(folded);
  });

  it.each<[string, string, string[], string[]]>([
    ["as names what a making verb makes", "save the changes as a new image", ["image"], ["change"]],
    ["into too", "make the draft into a post", ["post"], ["draft"]],
    ["a verb that does not make keeps its thing", "show the changes as a list", ["change"], ["list"]],
  ])("the thing made: %s: %s", (_, query, object, context) => {
    const things = new Set(["image", "change", "post", "draft", "list"]);
    const task = readTask(query, things, things);
    expect([task.object, [...task.context]]).toEqual([object, context]);
  });

  it("a verb makes the API's nouns for its thing too: a reminder is a task", () => {
    const things = new Set(["task", "user"]);
    expect([...readTask("remind me to call Jane on Friday", things, things).made]).toEqual(["task"]);
  });

  it("a contraction's tail makes no noun: what's in my cart", () => {
    const vocabulary = new Set(["cart", "see", "sent", "item"]);
    expect(readTask("what's in my cart?", vocabulary, new Set(["cart", "item"])).terms).toEqual(["s", "cart"]);
  });
});
