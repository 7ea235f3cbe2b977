export namespace apperr {
	
	export class Error {
	    kind: string;
	    message: string;
	    status?: number;
	    transaction_id?: string;
	
	    static createFrom(source: any = {}) {
	        return new Error(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.message = source["message"];
	        this.status = source["status"];
	        this.transaction_id = source["transaction_id"];
	    }
	}
	export class Hint {
	    Window: string;
	    Command: string;
	
	    static createFrom(source: any = {}) {
	        return new Hint(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.Window = source["Window"];
	        this.Command = source["Command"];
	    }
	}

}

export namespace backup {
	
	export class FollowStatus {
	    target: string;
	    where: string;
	    txid: number;
	    replica_txid: number;
	    // Go type: time
	    updated_at: any;
	    // Go type: time
	    checked_at: any;
	    running: boolean;
	    pid?: number;
	    error?: string;
	    // Go type: time
	    error_at: any;
	
	    static createFrom(source: any = {}) {
	        return new FollowStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.target = source["target"];
	        this.where = source["where"];
	        this.txid = source["txid"];
	        this.replica_txid = source["replica_txid"];
	        this.updated_at = this.convertValues(source["updated_at"], null);
	        this.checked_at = this.convertValues(source["checked_at"], null);
	        this.running = source["running"];
	        this.pid = source["pid"];
	        this.error = source["error"];
	        this.error_at = this.convertValues(source["error_at"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class LevelSize {
	    level: number;
	    files: number;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new LevelSize(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.level = source["level"];
	        this.files = source["files"];
	        this.bytes = source["bytes"];
	    }
	}
	export class Point {
	    txid: number;
	    // Go type: time
	    at: any;
	    snapshot: boolean;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new Point(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.txid = source["txid"];
	        this.at = this.convertValues(source["at"], null);
	        this.snapshot = source["snapshot"];
	        this.bytes = source["bytes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Restored {
	    dir: string;
	    path: string;
	    txid: number;
	    // Go type: time
	    at: any;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new Restored(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.dir = source["dir"];
	        this.path = source["path"];
	        this.txid = source["txid"];
	        this.at = this.convertValues(source["at"], null);
	        this.bytes = source["bytes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Size {
	    target: string;
	    files: number;
	    bytes: number;
	    levels: LevelSize[];
	    // Go type: time
	    oldest: any;
	    // Go type: time
	    newest: any;
	
	    static createFrom(source: any = {}) {
	        return new Size(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.target = source["target"];
	        this.files = source["files"];
	        this.bytes = source["bytes"];
	        this.levels = this.convertValues(source["levels"], LevelSize);
	        this.oldest = this.convertValues(source["oldest"], null);
	        this.newest = this.convertValues(source["newest"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TakenOver {
	    target: string;
	    where: string;
	    desk: number;
	    // Go type: time
	    at: any;
	    shipped: number;
	
	    static createFrom(source: any = {}) {
	        return new TakenOver(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.target = source["target"];
	        this.where = source["where"];
	        this.desk = source["desk"];
	        this.at = this.convertValues(source["at"], null);
	        this.shipped = source["shipped"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TargetStatus {
	    id: string;
	    name: string;
	    kind: string;
	    where: string;
	    role: string;
	    state: string;
	    // Go type: time
	    last_replicated_at: any;
	    lag_seconds: number;
	    local_txid: number;
	    replicated_txid: number;
	    error?: string;
	    // Go type: time
	    error_at: any;
	
	    static createFrom(source: any = {}) {
	        return new TargetStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.where = source["where"];
	        this.role = source["role"];
	        this.state = source["state"];
	        this.last_replicated_at = this.convertValues(source["last_replicated_at"], null);
	        this.lag_seconds = source["lag_seconds"];
	        this.local_txid = source["local_txid"];
	        this.replicated_txid = source["replicated_txid"];
	        this.error = source["error"];
	        this.error_at = this.convertValues(source["error_at"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Status {
	    continuous: boolean;
	    by: string;
	    pid: number;
	    // Go type: time
	    updated_at: any;
	    targets: TargetStatus[];
	    following?: FollowStatus;
	    read_only?: string;
	    taken_over?: TakenOver;
	    elsewhere?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Status(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.continuous = source["continuous"];
	        this.by = source["by"];
	        this.pid = source["pid"];
	        this.updated_at = this.convertValues(source["updated_at"], null);
	        this.targets = this.convertValues(source["targets"], TargetStatus);
	        this.following = this.convertValues(source["following"], FollowStatus);
	        this.read_only = source["read_only"];
	        this.taken_over = this.convertValues(source["taken_over"], TakenOver);
	        this.elsewhere = source["elsewhere"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TableCount {
	    table: string;
	    live: number;
	    replica: number;
	    same: boolean;
	
	    static createFrom(source: any = {}) {
	        return new TableCount(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.table = source["table"];
	        this.live = source["live"];
	        this.replica = source["replica"];
	        this.same = source["same"];
	    }
	}
	
	export class Target {
	    id: string;
	    name: string;
	    kind: string;
	    path: string;
	    endpoint?: string;
	    bucket?: string;
	    region?: string;
	    host?: string;
	    port?: number;
	    user?: string;
	    key_file?: string;
	    host_key?: string;
	    retention_days: number;
	
	    static createFrom(source: any = {}) {
	        return new Target(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.endpoint = source["endpoint"];
	        this.bucket = source["bucket"];
	        this.region = source["region"];
	        this.host = source["host"];
	        this.port = source["port"];
	        this.user = source["user"];
	        this.key_file = source["key_file"];
	        this.host_key = source["host_key"];
	        this.retention_days = source["retention_days"];
	    }
	}
	export class TargetInfo {
	    id: string;
	    name: string;
	    kind: string;
	    path: string;
	    endpoint?: string;
	    bucket?: string;
	    region?: string;
	    host?: string;
	    port?: number;
	    user?: string;
	    key_file?: string;
	    host_key?: string;
	    retention_days: number;
	    where: string;
	    role: string;
	    has_key: boolean;
	    has_secret: boolean;
	    secret_from: string;
	
	    static createFrom(source: any = {}) {
	        return new TargetInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.endpoint = source["endpoint"];
	        this.bucket = source["bucket"];
	        this.region = source["region"];
	        this.host = source["host"];
	        this.port = source["port"];
	        this.user = source["user"];
	        this.key_file = source["key_file"];
	        this.host_key = source["host_key"];
	        this.retention_days = source["retention_days"];
	        this.where = source["where"];
	        this.role = source["role"];
	        this.has_key = source["has_key"];
	        this.has_secret = source["has_secret"];
	        this.secret_from = source["secret_from"];
	    }
	}
	export class TargetSpec {
	    id: string;
	    name: string;
	    kind: string;
	    path: string;
	    endpoint?: string;
	    bucket?: string;
	    region?: string;
	    host?: string;
	    port?: number;
	    user?: string;
	    key_file?: string;
	    host_key?: string;
	    retention_days: number;
	    access_key_id: string;
	    secret_access_key: string;
	    password: string;
	
	    static createFrom(source: any = {}) {
	        return new TargetSpec(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.endpoint = source["endpoint"];
	        this.bucket = source["bucket"];
	        this.region = source["region"];
	        this.host = source["host"];
	        this.port = source["port"];
	        this.user = source["user"];
	        this.key_file = source["key_file"];
	        this.host_key = source["host_key"];
	        this.retention_days = source["retention_days"];
	        this.access_key_id = source["access_key_id"];
	        this.secret_access_key = source["secret_access_key"];
	        this.password = source["password"];
	    }
	}
	
	export class Verification {
	    target: string;
	    txid: number;
	    // Go type: time
	    at: any;
	    integrity: string;
	    tables: TableCount[];
	    ok: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Verification(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.target = source["target"];
	        this.txid = source["txid"];
	        this.at = this.convertValues(source["at"], null);
	        this.integrity = source["integrity"];
	        this.tables = this.convertValues(source["tables"], TableCount);
	        this.ok = source["ok"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace config {
	
	export class CredentialStatus {
	    source: string;
	    keychain_available: boolean;
	    masked_key: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new CredentialStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.keychain_available = source["keychain_available"];
	        this.masked_key = source["masked_key"];
	        this.message = source["message"];
	    }
	}
	export class Settings {
	    environment: string;
	    base_url: string;
	    cache_days: number;
	    rate_per_minute: number;
	    amount_tolerance: number;
	    date_window_days: number;
	    ask_above_calls: number;
	
	    static createFrom(source: any = {}) {
	        return new Settings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	        this.cache_days = source["cache_days"];
	        this.rate_per_minute = source["rate_per_minute"];
	        this.amount_tolerance = source["amount_tolerance"];
	        this.date_window_days = source["date_window_days"];
	        this.ask_above_calls = source["ask_above_calls"];
	    }
	}

}

export namespace core {
	
	export class CallPlan {
	    what: string;
	    calls: number;
	    stored: number;
	    threshold: number;
	    ask: boolean;
	
	    static createFrom(source: any = {}) {
	        return new CallPlan(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.what = source["what"];
	        this.calls = source["calls"];
	        this.stored = source["stored"];
	        this.threshold = source["threshold"];
	        this.ask = source["ask"];
	    }
	}
	export class JobEvent {
	    id: string;
	    kind: string;
	    done: number;
	    total: number;
	    state: string;
	    // Go type: time
	    started: any;
	    // Go type: time
	    finished?: any;
	    error?: apperr.Error;
	    summary?: string;
	
	    static createFrom(source: any = {}) {
	        return new JobEvent(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.kind = source["kind"];
	        this.done = source["done"];
	        this.total = source["total"];
	        this.state = source["state"];
	        this.started = this.convertValues(source["started"], null);
	        this.finished = this.convertValues(source["finished"], null);
	        this.error = this.convertValues(source["error"], apperr.Error);
	        this.summary = source["summary"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace desk {
	
	export class DemoData {
	    demo: boolean;
	    state: string;
	    loaded: boolean;
	    what?: string[];
	    periods?: string[];
	    millis?: number;
	    notes?: string[];
	
	    static createFrom(source: any = {}) {
	        return new DemoData(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.demo = source["demo"];
	        this.state = source["state"];
	        this.loaded = source["loaded"];
	        this.what = source["what"];
	        this.periods = source["periods"];
	        this.millis = source["millis"];
	        this.notes = source["notes"];
	    }
	}

}

export namespace figure {
	
	export class Figure {
	    id: string;
	    name: string;
	    definition: string;
	
	    static createFrom(source: any = {}) {
	        return new Figure(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.definition = source["definition"];
	    }
	}

}

export namespace gstapi {
	
	export class Address {
	    bnm: string;
	    bno: string;
	    flno: string;
	    st: string;
	    loc: string;
	    locality: string;
	    landMark: string;
	    dst: string;
	    stcd: string;
	    pncd: string;
	    lt: string;
	    lg: string;
	    geocodelvl: string;
	
	    static createFrom(source: any = {}) {
	        return new Address(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.bnm = source["bnm"];
	        this.bno = source["bno"];
	        this.flno = source["flno"];
	        this.st = source["st"];
	        this.loc = source["loc"];
	        this.locality = source["locality"];
	        this.landMark = source["landMark"];
	        this.dst = source["dst"];
	        this.stcd = source["stcd"];
	        this.pncd = source["pncd"];
	        this.lt = source["lt"];
	        this.lg = source["lg"];
	        this.geocodelvl = source["geocodelvl"];
	    }
	}
	export class IMSActionCount {
	    accept: number;
	    noaction: number;
	    pending: number;
	    reject: number;
	
	    static createFrom(source: any = {}) {
	        return new IMSActionCount(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.accept = source["accept"];
	        this.noaction = source["noaction"];
	        this.pending = source["pending"];
	        this.reject = source["reject"];
	    }
	}
	export class IMSCounts {
	    transaction_id: string;
	    timestamp: number;
	    group: string;
	    sections: Record<string, IMSActionCount>;
	    total: number;
	
	    static createFrom(source: any = {}) {
	        return new IMSCounts(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.group = source["group"];
	        this.sections = this.convertValues(source["sections"], IMSActionCount, true);
	        this.total = source["total"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IMSDeclared {
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new IMSDeclared(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class Place {
	    addr: Address;
	    ntr: string;
	
	    static createFrom(source: any = {}) {
	        return new Place(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.addr = this.convertValues(source["addr"], Address);
	        this.ntr = source["ntr"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SearchResult {
	    transaction_id: string;
	    timestamp: number;
	    gstin: string;
	    lgnm: string;
	    tradeNam: string;
	    sts: string;
	    rgdt: string;
	    cxdt: string;
	    ctb: string;
	    dty: string;
	    nba: string[];
	    einvoiceStatus: string;
	    lstupdt: string;
	    stj: string;
	    stjCd: string;
	    ctj: string;
	    ctjCd: string;
	    pradr?: Place;
	    adadr: Place[];
	    canclDt?: string;
	    rsnCd?: string;
	    typeOfSup?: string;
	
	    static createFrom(source: any = {}) {
	        return new SearchResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.gstin = source["gstin"];
	        this.lgnm = source["lgnm"];
	        this.tradeNam = source["tradeNam"];
	        this.sts = source["sts"];
	        this.rgdt = source["rgdt"];
	        this.cxdt = source["cxdt"];
	        this.ctb = source["ctb"];
	        this.dty = source["dty"];
	        this.nba = source["nba"];
	        this.einvoiceStatus = source["einvoiceStatus"];
	        this.lstupdt = source["lstupdt"];
	        this.stj = source["stj"];
	        this.stjCd = source["stjCd"];
	        this.ctj = source["ctj"];
	        this.ctjCd = source["ctjCd"];
	        this.pradr = this.convertValues(source["pradr"], Place);
	        this.adadr = this.convertValues(source["adadr"], Place);
	        this.canclDt = source["canclDt"];
	        this.rsnCd = source["rsnCd"];
	        this.typeOfSup = source["typeOfSup"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace gstin {
	
	export class GSTIN {
	    value: string;
	    state_code: string;
	    state_name: string;
	    family: string;
	    pan?: string;
	    holder?: string;
	    tan?: string;
	    identity: string;
	    entity_number: string;
	    check_char: string;
	    legacy_state?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new GSTIN(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.state_code = source["state_code"];
	        this.state_name = source["state_name"];
	        this.family = source["family"];
	        this.pan = source["pan"];
	        this.holder = source["holder"];
	        this.tan = source["tan"];
	        this.identity = source["identity"];
	        this.entity_number = source["entity_number"];
	        this.check_char = source["check_char"];
	        this.legacy_state = source["legacy_state"];
	    }
	}

}

export namespace gstr2a {
	
	export class Amounts {
	    value: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new Amounts(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class SupplierChange {
	    gstin: string;
	    changes: FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.changes = this.convertValues(source["changes"], FieldChange);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class FieldChange {
	    field: string;
	    old: string;
	    new: string;
	
	    static createFrom(source: any = {}) {
	        return new FieldChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.old = source["old"];
	        this.new = source["new"];
	    }
	}
	export class InvoiceChange {
	    key: string;
	    old: InvoiceRow;
	    new: InvoiceRow;
	    changes: FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new InvoiceChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.old = this.convertValues(source["old"], InvoiceRow);
	        this.new = this.convertValues(source["new"], InvoiceRow);
	        this.changes = this.convertValues(source["changes"], FieldChange);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class InvoiceRow {
	    id: number;
	    snapshot_id: string;
	    period: string;
	    supplier_gstin: string;
	    supplier_pan: string;
	    supplier_name: string;
	    invoice_number: string;
	    invoice_number_norm: string;
	    invoice_date: string;
	    idt: string;
	    invoice_type: string;
	    pos: string;
	    reverse_charge: string;
	    amounts: Amounts;
	    tax: number;
	    diff_percent?: number;
	    irn: string;
	    irn_date: string;
	    source_type: string;
	    chksum: string;
	    cfs: string;
	    cfs3b: string;
	    cancelled_on: string;
	    items: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.snapshot_id = source["snapshot_id"];
	        this.period = source["period"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_pan = source["supplier_pan"];
	        this.supplier_name = source["supplier_name"];
	        this.invoice_number = source["invoice_number"];
	        this.invoice_number_norm = source["invoice_number_norm"];
	        this.invoice_date = source["invoice_date"];
	        this.idt = source["idt"];
	        this.invoice_type = source["invoice_type"];
	        this.pos = source["pos"];
	        this.reverse_charge = source["reverse_charge"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.diff_percent = source["diff_percent"];
	        this.irn = source["irn"];
	        this.irn_date = source["irn_date"];
	        this.source_type = source["source_type"];
	        this.chksum = source["chksum"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.items = source["items"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SectionTotal {
	    section: string;
	    kind: string;
	    sign: number;
	    documents: number;
	    amounts: Amounts;
	    tax: number;
	    net_tax: number;
	
	    static createFrom(source: any = {}) {
	        return new SectionTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.kind = source["kind"];
	        this.sign = source["sign"];
	        this.documents = source["documents"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.net_tax = source["net_tax"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Filters {
	    supplier: string;
	    from: string;
	
	    static createFrom(source: any = {}) {
	        return new Filters(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.from = source["from"];
	    }
	}
	export class Snapshot {
	    id: string;
	    workspace_id: string;
	    gstin: string;
	    period: string;
	    filters: Filters;
	    // Go type: time
	    fetched_at: any;
	    transaction_id: string;
	    // Go type: time
	    server_time: any;
	    status: string;
	    suppliers: number;
	    invoices: number;
	    items: number;
	    totals: Amounts;
	    source: string;
	    file_name?: string;
	    documents: number;
	    sections: SectionTotal[];
	    notices: string[];
	
	    static createFrom(source: any = {}) {
	        return new Snapshot(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.gstin = source["gstin"];
	        this.period = source["period"];
	        this.filters = this.convertValues(source["filters"], Filters);
	        this.fetched_at = this.convertValues(source["fetched_at"], null);
	        this.transaction_id = source["transaction_id"];
	        this.server_time = this.convertValues(source["server_time"], null);
	        this.status = source["status"];
	        this.suppliers = source["suppliers"];
	        this.invoices = source["invoices"];
	        this.items = source["items"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	        this.source = source["source"];
	        this.file_name = source["file_name"];
	        this.documents = source["documents"];
	        this.sections = this.convertValues(source["sections"], SectionTotal);
	        this.notices = source["notices"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Diff {
	    from: Snapshot;
	    to: Snapshot;
	    added: InvoiceRow[];
	    removed: InvoiceRow[];
	    amended: InvoiceChange[];
	    unchanged: number;
	    suppliers: SupplierChange[];
	    suppliers_added: string[];
	    suppliers_removed: string[];
	    scope: string;
	    scope_note: string;
	
	    static createFrom(source: any = {}) {
	        return new Diff(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = this.convertValues(source["from"], Snapshot);
	        this.to = this.convertValues(source["to"], Snapshot);
	        this.added = this.convertValues(source["added"], InvoiceRow);
	        this.removed = this.convertValues(source["removed"], InvoiceRow);
	        this.amended = this.convertValues(source["amended"], InvoiceChange);
	        this.unchanged = source["unchanged"];
	        this.suppliers = this.convertValues(source["suppliers"], SupplierChange);
	        this.suppliers_added = source["suppliers_added"];
	        this.suppliers_removed = source["suppliers_removed"];
	        this.scope = source["scope"];
	        this.scope_note = source["scope_note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DocumentFilter {
	    section: string;
	    kind: string;
	    supplier: string;
	    number: string;
	    date_from: string;
	    date_to: string;
	    period: string;
	
	    static createFrom(source: any = {}) {
	        return new DocumentFilter(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.kind = source["kind"];
	        this.supplier = source["supplier"];
	        this.number = source["number"];
	        this.date_from = source["date_from"];
	        this.date_to = source["date_to"];
	        this.period = source["period"];
	    }
	}
	export class ItemDetail {
	    camt?: number;
	    csamt?: number;
	    iamt?: number;
	    rt: number;
	    samt?: number;
	    txval: number;
	
	    static createFrom(source: any = {}) {
	        return new ItemDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.camt = source["camt"];
	        this.csamt = source["csamt"];
	        this.iamt = source["iamt"];
	        this.rt = source["rt"];
	        this.samt = source["samt"];
	        this.txval = source["txval"];
	    }
	}
	export class Item {
	    // Go type: ItemDetail
	    itm_det: any;
	    num: number;
	
	    static createFrom(source: any = {}) {
	        return new Item(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.itm_det = this.convertValues(source["itm_det"], null);
	        this.num = source["num"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DocumentRow {
	    section: string;
	    kind: string;
	    supplier_gstin: string;
	    trade_name?: string;
	    cfs?: string;
	    cfs3b?: string;
	    dtcancel?: string;
	    fldtr1?: string;
	    flprdr1?: string;
	    number: string;
	    date: string;
	    doc_type?: string;
	    invoice_number?: string;
	    invoice_date?: string;
	    orig_number?: string;
	    orig_date?: string;
	    inv_typ?: string;
	    pos?: string;
	    rchrg?: string;
	    p_gst?: string;
	    diff_percent?: number;
	    aspd?: string;
	    atyp?: string;
	    itc_elg?: string;
	    port_code?: string;
	    ref_date?: string;
	    amd?: string;
	    srctyp?: string;
	    irn?: string;
	    irngendate?: string;
	    chksum?: string;
	    month?: string;
	    amounts: Amounts;
	    items?: Item[];
	    snapshot_id: string;
	    period: string;
	    seq: number;
	    supplier_pan: string;
	    date_iso: string;
	    tax: number;
	    sign: number;
	    item_count: number;
	
	    static createFrom(source: any = {}) {
	        return new DocumentRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.kind = source["kind"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.trade_name = source["trade_name"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.dtcancel = source["dtcancel"];
	        this.fldtr1 = source["fldtr1"];
	        this.flprdr1 = source["flprdr1"];
	        this.number = source["number"];
	        this.date = source["date"];
	        this.doc_type = source["doc_type"];
	        this.invoice_number = source["invoice_number"];
	        this.invoice_date = source["invoice_date"];
	        this.orig_number = source["orig_number"];
	        this.orig_date = source["orig_date"];
	        this.inv_typ = source["inv_typ"];
	        this.pos = source["pos"];
	        this.rchrg = source["rchrg"];
	        this.p_gst = source["p_gst"];
	        this.diff_percent = source["diff_percent"];
	        this.aspd = source["aspd"];
	        this.atyp = source["atyp"];
	        this.itc_elg = source["itc_elg"];
	        this.port_code = source["port_code"];
	        this.ref_date = source["ref_date"];
	        this.amd = source["amd"];
	        this.srctyp = source["srctyp"];
	        this.irn = source["irn"];
	        this.irngendate = source["irngendate"];
	        this.chksum = source["chksum"];
	        this.month = source["month"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.items = this.convertValues(source["items"], Item);
	        this.snapshot_id = source["snapshot_id"];
	        this.period = source["period"];
	        this.seq = source["seq"];
	        this.supplier_pan = source["supplier_pan"];
	        this.date_iso = source["date_iso"];
	        this.tax = source["tax"];
	        this.sign = source["sign"];
	        this.item_count = source["item_count"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DocumentPage {
	    rows: DocumentRow[];
	    total: number;
	    totals: Amounts;
	    tax: number;
	    net_tax: number;
	    unfiltered: number;
	
	    static createFrom(source: any = {}) {
	        return new DocumentPage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], DocumentRow);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	        this.tax = source["tax"];
	        this.net_tax = source["net_tax"];
	        this.unfiltered = source["unfiltered"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DocumentQuery {
	    filter: DocumentFilter;
	    sort: string;
	    desc: boolean;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new DocumentQuery(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = this.convertValues(source["filter"], DocumentFilter);
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	
	
	export class InvoiceFilter {
	    supplier: string;
	    number: string;
	    date_from: string;
	    date_to: string;
	    rate?: number;
	    pos: string;
	    reverse_charge: string;
	    type: string;
	    einvoice: string;
	    supplier_filed: string;
	    supplier_filed_3b: string;
	    period: string;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceFilter(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.number = source["number"];
	        this.date_from = source["date_from"];
	        this.date_to = source["date_to"];
	        this.rate = source["rate"];
	        this.pos = source["pos"];
	        this.reverse_charge = source["reverse_charge"];
	        this.type = source["type"];
	        this.einvoice = source["einvoice"];
	        this.supplier_filed = source["supplier_filed"];
	        this.supplier_filed_3b = source["supplier_filed_3b"];
	        this.period = source["period"];
	    }
	}
	export class InvoicePage {
	    rows: InvoiceRow[];
	    total: number;
	    totals: Amounts;
	    tax: number;
	    unfiltered: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoicePage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], InvoiceRow);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	        this.tax = source["tax"];
	        this.unfiltered = source["unfiltered"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class InvoiceQuery {
	    filter: InvoiceFilter;
	    sort: string;
	    desc: boolean;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceQuery(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = this.convertValues(source["filter"], InvoiceFilter);
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class LineItem {
	    seq: number;
	    num: number;
	    rate: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    has_igst: boolean;
	    has_cgst: boolean;
	    has_sgst: boolean;
	    has_cess: boolean;
	
	    static createFrom(source: any = {}) {
	        return new LineItem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.seq = source["seq"];
	        this.num = source["num"];
	        this.rate = source["rate"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.has_igst = source["has_igst"];
	        this.has_cgst = source["has_cgst"];
	        this.has_sgst = source["has_sgst"];
	        this.has_cess = source["has_cess"];
	    }
	}
	export class MonthTax {
	    period: string;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new MonthTax(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.tax = source["tax"];
	    }
	}
	export class PeriodInfo {
	    period: string;
	    pulls: number;
	    // Go type: time
	    last_fetched_at: any;
	    latest: Snapshot;
	
	    static createFrom(source: any = {}) {
	        return new PeriodInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.pulls = source["pulls"];
	        this.last_fetched_at = this.convertValues(source["last_fetched_at"], null);
	        this.latest = this.convertValues(source["latest"], Snapshot);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PeriodTotal {
	    period: string;
	    snapshot_id: string;
	    invoices: number;
	    suppliers: number;
	    amounts: Amounts;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new PeriodTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.snapshot_id = source["snapshot_id"];
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RateTotal {
	    rate: number;
	    items: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new RateTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rate = source["rate"];
	        this.items = source["items"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class Scope {
	    workspace_id: string;
	    periods: string[];
	    snapshot_ids?: string[];
	
	    static createFrom(source: any = {}) {
	        return new Scope(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.workspace_id = source["workspace_id"];
	        this.periods = source["periods"];
	        this.snapshot_ids = source["snapshot_ids"];
	    }
	}
	
	
	
	export class SupplierPeriod {
	    period: string;
	    cfs: string;
	    cfs3b: string;
	    filed_on: string;
	    filed_period: string;
	    invoices: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierPeriod(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.filed_on = source["filed_on"];
	        this.filed_period = source["filed_period"];
	        this.invoices = source["invoices"];
	    }
	}
	export class SupplierSummary {
	    gstin: string;
	    pan: string;
	    name: string;
	    invoices: number;
	    amounts: Amounts;
	    tax: number;
	    filed_gstr1: string;
	    filed_gstr3b: string;
	    not_filed_periods: string[];
	    last_filed_on: string;
	    last_filed_period: string;
	    cancelled_on: string;
	    cancelled_raw: string;
	    periods: SupplierPeriod[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.pan = source["pan"];
	        this.name = source["name"];
	        this.invoices = source["invoices"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.filed_gstr1 = source["filed_gstr1"];
	        this.filed_gstr3b = source["filed_gstr3b"];
	        this.not_filed_periods = source["not_filed_periods"];
	        this.last_filed_on = source["last_filed_on"];
	        this.last_filed_period = source["last_filed_period"];
	        this.cancelled_on = source["cancelled_on"];
	        this.cancelled_raw = source["cancelled_raw"];
	        this.periods = this.convertValues(source["periods"], SupplierPeriod);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SupplierTax {
	    gstin: string;
	    name: string;
	    taxable: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierTax(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.taxable = source["taxable"];
	        this.tax = source["tax"];
	    }
	}
	export class Totals {
	    invoices: number;
	    suppliers: number;
	    amounts: Amounts;
	    tax: number;
	    by_rate: RateTotal[];
	    by_period: PeriodTotal[];
	    snapshots: Snapshot[];
	    documents: number;
	    sections: SectionTotal[];
	
	    static createFrom(source: any = {}) {
	        return new Totals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.by_rate = this.convertValues(source["by_rate"], RateTotal);
	        this.by_period = this.convertValues(source["by_period"], PeriodTotal);
	        this.snapshots = this.convertValues(source["snapshots"], Snapshot);
	        this.documents = source["documents"];
	        this.sections = this.convertValues(source["sections"], SectionTotal);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace gstr2b {
	
	export class Amounts {
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    has_taxable: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Amounts(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.has_taxable = source["has_taxable"];
	    }
	}
	export class Counterparty {
	    ctin: string;
	    trdnm: string;
	    supprd: string;
	    supfildt: string;
	    ttldocs: number;
	    txval: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    nttyp?: string;
	    doctyp?: string;
	    portcode?: string;
	    section?: string;
	    reversed?: boolean;
	    rejected?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Counterparty(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ctin = source["ctin"];
	        this.trdnm = source["trdnm"];
	        this.supprd = source["supprd"];
	        this.supfildt = source["supfildt"];
	        this.ttldocs = source["ttldocs"];
	        this.txval = source["txval"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.nttyp = source["nttyp"];
	        this.doctyp = source["doctyp"];
	        this.portcode = source["portcode"];
	        this.section = source["section"];
	        this.reversed = source["reversed"];
	        this.rejected = source["rejected"];
	    }
	}
	export class DocumentChange {
	    key: string;
	    old: DocumentRow;
	    new: DocumentRow;
	    changes: gstr2a.FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new DocumentChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.old = this.convertValues(source["old"], DocumentRow);
	        this.new = this.convertValues(source["new"], DocumentRow);
	        this.changes = this.convertValues(source["changes"], gstr2a.FieldChange);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Item {
	    num: number;
	    rate: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new Item(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.num = source["num"];
	        this.rate = source["rate"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class DocumentRow {
	    id: number;
	    rejected: boolean;
	    reversed?: boolean;
	    section: string;
	    kind: string;
	    supplier: string;
	    trade_name?: string;
	    supplier_filed?: string;
	    supplier_period?: string;
	    number: string;
	    date: string;
	    date_iso: string;
	    value: number;
	    value_basis?: string;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    pos?: string;
	    rev?: string;
	    type?: string;
	    itcavl: string;
	    rsn?: string;
	    diff_percent: number;
	    ims_status?: string;
	    srctyp?: string;
	    irn?: string;
	    irn_date?: string;
	    orig_number?: string;
	    orig_date?: string;
	    orig_type?: string;
	    port_code?: string;
	    ref_date?: string;
	    rec_date?: string;
	    amended?: string;
	    has_items: boolean;
	    items?: Item[];
	    itc_text?: string;
	
	    static createFrom(source: any = {}) {
	        return new DocumentRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.rejected = source["rejected"];
	        this.reversed = source["reversed"];
	        this.section = source["section"];
	        this.kind = source["kind"];
	        this.supplier = source["supplier"];
	        this.trade_name = source["trade_name"];
	        this.supplier_filed = source["supplier_filed"];
	        this.supplier_period = source["supplier_period"];
	        this.number = source["number"];
	        this.date = source["date"];
	        this.date_iso = source["date_iso"];
	        this.value = source["value"];
	        this.value_basis = source["value_basis"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.pos = source["pos"];
	        this.rev = source["rev"];
	        this.type = source["type"];
	        this.itcavl = source["itcavl"];
	        this.rsn = source["rsn"];
	        this.diff_percent = source["diff_percent"];
	        this.ims_status = source["ims_status"];
	        this.srctyp = source["srctyp"];
	        this.irn = source["irn"];
	        this.irn_date = source["irn_date"];
	        this.orig_number = source["orig_number"];
	        this.orig_date = source["orig_date"];
	        this.orig_type = source["orig_type"];
	        this.port_code = source["port_code"];
	        this.ref_date = source["ref_date"];
	        this.rec_date = source["rec_date"];
	        this.amended = source["amended"];
	        this.has_items = source["has_items"];
	        this.items = this.convertValues(source["items"], Item);
	        this.itc_text = source["itc_text"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Snapshot {
	    id: string;
	    workspace_id: string;
	    gstin: string;
	    period: string;
	    source: string;
	    file_name?: string;
	    // Go type: time
	    fetched_at: any;
	    transaction_id: string;
	    // Go type: time
	    server_time: any;
	    status: string;
	    gendt: string;
	    version: string;
	    chksum: string;
	    shape: string;
	    files: number;
	    documents: number;
	    rejected: number;
	    reversed: number;
	    suppliers: number;
	    totals: Amounts;
	    itc_available: number;
	    note?: string;
	    notices: string[];
	
	    static createFrom(source: any = {}) {
	        return new Snapshot(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.gstin = source["gstin"];
	        this.period = source["period"];
	        this.source = source["source"];
	        this.file_name = source["file_name"];
	        this.fetched_at = this.convertValues(source["fetched_at"], null);
	        this.transaction_id = source["transaction_id"];
	        this.server_time = this.convertValues(source["server_time"], null);
	        this.status = source["status"];
	        this.gendt = source["gendt"];
	        this.version = source["version"];
	        this.chksum = source["chksum"];
	        this.shape = source["shape"];
	        this.files = source["files"];
	        this.documents = source["documents"];
	        this.rejected = source["rejected"];
	        this.reversed = source["reversed"];
	        this.suppliers = source["suppliers"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	        this.itc_available = source["itc_available"];
	        this.note = source["note"];
	        this.notices = source["notices"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Diff {
	    from: Snapshot;
	    to: Snapshot;
	    added: DocumentRow[];
	    removed: DocumentRow[];
	    amended: DocumentChange[];
	    unchanged: number;
	    scope_note: string;
	
	    static createFrom(source: any = {}) {
	        return new Diff(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = this.convertValues(source["from"], Snapshot);
	        this.to = this.convertValues(source["to"], Snapshot);
	        this.added = this.convertValues(source["added"], DocumentRow);
	        this.removed = this.convertValues(source["removed"], DocumentRow);
	        this.amended = this.convertValues(source["amended"], DocumentChange);
	        this.unchanged = source["unchanged"];
	        this.scope_note = source["scope_note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DocPage {
	    rows: DocumentRow[];
	    total: number;
	    totals: Amounts;
	
	    static createFrom(source: any = {}) {
	        return new DocPage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], DocumentRow);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DocQuery {
	    section: string;
	    rejected: string;
	    reversed: string;
	    supplier: string;
	    itc: string;
	    search: string;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new DocQuery(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.rejected = source["rejected"];
	        this.reversed = source["reversed"];
	        this.supplier = source["supplier"];
	        this.itc = source["itc"];
	        this.search = source["search"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	}
	
	
	export class PeriodInfo {
	    period: string;
	    snapshots: number;
	    latest: Snapshot;
	
	    static createFrom(source: any = {}) {
	        return new PeriodInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.snapshots = source["snapshots"];
	        this.latest = this.convertValues(source["latest"], Snapshot);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SectionCount {
	    section: string;
	    rejected: boolean;
	    reversed?: boolean;
	    documents: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new SectionCount(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.rejected = source["rejected"];
	        this.reversed = source["reversed"];
	        this.documents = source["documents"];
	        this.tax = source["tax"];
	    }
	}
	
	export class Summary {
	    itcsumm: Record<string, any>;
	    cpsumm: Record<string, Array<Counterparty>>;
	    cpSummRej: Record<string, Array<Counterparty>>;
	
	    static createFrom(source: any = {}) {
	        return new Summary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.itcsumm = source["itcsumm"];
	        this.cpsumm = this.convertValues(source["cpsumm"], Array<Counterparty>, true);
	        this.cpSummRej = this.convertValues(source["cpSummRej"], Array<Counterparty>, true);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SummaryGroup {
	    total: Amounts;
	    sections: Record<string, Amounts>;
	
	    static createFrom(source: any = {}) {
	        return new SummaryGroup(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.total = this.convertValues(source["total"], Amounts);
	        this.sections = this.convertValues(source["sections"], Amounts, true);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace gstr3b {
	
	export class Claim {
	    state?: string;
	    claim_period?: string;
	    decided_by?: string;
	    who?: string;
	    decided_at?: string;
	    reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new Claim(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.state = source["state"];
	        this.claim_period = source["claim_period"];
	        this.decided_by = source["decided_by"];
	        this.who = source["who"];
	        this.decided_at = source["decided_at"];
	        this.reason = source["reason"];
	    }
	}
	export class DocLine {
	    face: string;
	    period_2b?: string;
	    section?: string;
	    kind: string;
	    supplier_gstin: string;
	    supplier_name?: string;
	    document_number: string;
	    document_date: string;
	    reverse_charge?: boolean;
	    itc_available?: string;
	    tax: Heads;
	    ref?: string;
	    books_ref?: string;
	    match?: string;
	    confirmed?: boolean;
	    ims?: string;
	    blocked?: boolean;
	    // Go type: Claim
	    claim: any;
	    row: string;
	    why?: string;
	
	    static createFrom(source: any = {}) {
	        return new DocLine(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.face = source["face"];
	        this.period_2b = source["period_2b"];
	        this.section = source["section"];
	        this.kind = source["kind"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.document_number = source["document_number"];
	        this.document_date = source["document_date"];
	        this.reverse_charge = source["reverse_charge"];
	        this.itc_available = source["itc_available"];
	        this.tax = this.convertValues(source["tax"], Heads);
	        this.ref = source["ref"];
	        this.books_ref = source["books_ref"];
	        this.match = source["match"];
	        this.confirmed = source["confirmed"];
	        this.ims = source["ims"];
	        this.blocked = source["blocked"];
	        this.claim = this.convertValues(source["claim"], null);
	        this.row = source["row"];
	        this.why = source["why"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Heads {
	    igst_rupees: number;
	    cgst_rupees: number;
	    sgst_rupees: number;
	    cess_rupees: number;
	
	    static createFrom(source: any = {}) {
	        return new Heads(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.igst_rupees = source["igst_rupees"];
	        this.cgst_rupees = source["cgst_rupees"];
	        this.sgst_rupees = source["sgst_rupees"];
	        this.cess_rupees = source["cess_rupees"];
	    }
	}
	export class Effect {
	    row: string;
	    tax: Heads;
	
	    static createFrom(source: any = {}) {
	        return new Effect(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.tax = this.convertValues(source["tax"], Heads);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class BridgeLine {
	    kind: string;
	    title: string;
	    explain: string;
	    effects: Effect[];
	    tax: Heads;
	    count: number;
	    documents: DocLine[];
	
	    static createFrom(source: any = {}) {
	        return new BridgeLine(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.title = source["title"];
	        this.explain = source["explain"];
	        this.effects = this.convertValues(source["effects"], Effect);
	        this.tax = this.convertValues(source["tax"], Heads);
	        this.count = source["count"];
	        this.documents = this.convertValues(source["documents"], DocLine);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class Figure {
	    table: string;
	    title: string;
	    tax: Heads;
	    count: number;
	    basis: string;
	
	    static createFrom(source: any = {}) {
	        return new Figure(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.table = source["table"];
	        this.title = source["title"];
	        this.tax = this.convertValues(source["tax"], Heads);
	        this.count = source["count"];
	        this.basis = source["basis"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class YearDoc {
	    face: string;
	    period_2b?: string;
	    section?: string;
	    kind: string;
	    supplier_gstin: string;
	    supplier_name?: string;
	    document_number: string;
	    document_date: string;
	    reverse_charge?: boolean;
	    itc_available?: string;
	    tax: Heads;
	    ref?: string;
	    books_ref?: string;
	    match?: string;
	    confirmed?: boolean;
	    ims?: string;
	    blocked?: boolean;
	    // Go type: Claim
	    claim: any;
	    claim_period: string;
	    claim_basis: string;
	    tables: number;
	
	    static createFrom(source: any = {}) {
	        return new YearDoc(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.face = source["face"];
	        this.period_2b = source["period_2b"];
	        this.section = source["section"];
	        this.kind = source["kind"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.document_number = source["document_number"];
	        this.document_date = source["document_date"];
	        this.reverse_charge = source["reverse_charge"];
	        this.itc_available = source["itc_available"];
	        this.tax = this.convertValues(source["tax"], Heads);
	        this.ref = source["ref"];
	        this.books_ref = source["books_ref"];
	        this.match = source["match"];
	        this.confirmed = source["confirmed"];
	        this.ims = source["ims"];
	        this.blocked = source["blocked"];
	        this.claim = this.convertValues(source["claim"], null);
	        this.claim_period = source["claim_period"];
	        this.claim_basis = source["claim_basis"];
	        this.tables = source["tables"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class MonthClaimed {
	    period: string;
	    label: string;
	    table_4a: Heads;
	    have: boolean;
	
	    static createFrom(source: any = {}) {
	        return new MonthClaimed(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.label = source["label"];
	        this.table_4a = this.convertValues(source["table_4a"], Heads);
	        this.have = source["have"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class GSTR9 {
	    fy: number;
	    fy_label: string;
	    due: string;
	    tables: Figure[];
	    months: MonthClaimed[];
	    documents: YearDoc[];
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new GSTR9(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.due = source["due"];
	        this.tables = this.convertValues(source["tables"], Figure);
	        this.months = this.convertValues(source["months"], MonthClaimed);
	        this.documents = this.convertValues(source["documents"], YearDoc);
	        this.notes = source["notes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class Identity {
	    face: string;
	    supplier_gstin: string;
	    document_type: string;
	    number_normalised: string;
	    period_2b?: string;
	    section?: string;
	
	    static createFrom(source: any = {}) {
	        return new Identity(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.face = source["face"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.document_type = source["document_type"];
	        this.number_normalised = source["number_normalised"];
	        this.period_2b = source["period_2b"];
	        this.section = source["section"];
	    }
	}
	export class Warning {
	    kind: string;
	    message: string;
	    documents?: DocLine[];
	
	    static createFrom(source: any = {}) {
	        return new Warning(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.message = source["message"];
	        this.documents = this.convertValues(source["documents"], DocLine);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class LedgerMonth {
	    period: string;
	    label: string;
	    opening: Heads;
	    in: Heads;
	    out: Heads;
	    closing: Heads;
	    warning?: Warning;
	
	    static createFrom(source: any = {}) {
	        return new LedgerMonth(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.label = source["label"];
	        this.opening = this.convertValues(source["opening"], Heads);
	        this.in = this.convertValues(source["in"], Heads);
	        this.out = this.convertValues(source["out"], Heads);
	        this.closing = this.convertValues(source["closing"], Heads);
	        this.warning = this.convertValues(source["warning"], Warning);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Opening {
	    ledger: string;
	    period: string;
	    balance: Heads;
	    who?: string;
	    entered_at?: string;
	    replaced?: string;
	
	    static createFrom(source: any = {}) {
	        return new Opening(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ledger = source["ledger"];
	        this.period = source["period"];
	        this.balance = this.convertValues(source["balance"], Heads);
	        this.who = source["who"];
	        this.entered_at = source["entered_at"];
	        this.replaced = source["replaced"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Ledger {
	    ledger: string;
	    title: string;
	    in_name: string;
	    out_name: string;
	    opening: Opening;
	    has_opening: boolean;
	    months: LedgerMonth[];
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new Ledger(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ledger = source["ledger"];
	        this.title = source["title"];
	        this.in_name = source["in_name"];
	        this.out_name = source["out_name"];
	        this.opening = this.convertValues(source["opening"], Opening);
	        this.has_opening = source["has_opening"];
	        this.months = this.convertValues(source["months"], LedgerMonth);
	        this.notes = source["notes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class LogEntry {
	    identity: Identity;
	    document_number: string;
	    prev_state?: string;
	    prev_claim_period?: string;
	    state?: string;
	    claim_period?: string;
	    decided_by?: string;
	    who?: string;
	    decided_at?: string;
	    reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new LogEntry(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.identity = this.convertValues(source["identity"], Identity);
	        this.document_number = source["document_number"];
	        this.prev_state = source["prev_state"];
	        this.prev_claim_period = source["prev_claim_period"];
	        this.state = source["state"];
	        this.claim_period = source["claim_period"];
	        this.decided_by = source["decided_by"];
	        this.who = source["who"];
	        this.decided_at = source["decided_at"];
	        this.reason = source["reason"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class StoredClaim {
	    identity: Identity;
	    document_number: string;
	    document_date?: string;
	    state?: string;
	    claim_period?: string;
	    decided_by?: string;
	    who?: string;
	    decided_at?: string;
	    reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new StoredClaim(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.identity = this.convertValues(source["identity"], Identity);
	        this.document_number = source["document_number"];
	        this.document_date = source["document_date"];
	        this.state = source["state"];
	        this.claim_period = source["claim_period"];
	        this.decided_by = source["decided_by"];
	        this.who = source["who"];
	        this.decided_at = source["decided_at"];
	        this.reason = source["reason"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TableRow {
	    code: string;
	    label: string;
	    title: string;
	    proposal: Heads;
	    adjustments: Heads;
	    figure: Heads;
	    gross?: Heads;
	    credit_notes?: Heads;
	
	    static createFrom(source: any = {}) {
	        return new TableRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.code = source["code"];
	        this.label = source["label"];
	        this.title = source["title"];
	        this.proposal = this.convertValues(source["proposal"], Heads);
	        this.adjustments = this.convertValues(source["adjustments"], Heads);
	        this.figure = this.convertValues(source["figure"], Heads);
	        this.gross = this.convertValues(source["gross"], Heads);
	        this.credit_notes = this.convertValues(source["credit_notes"], Heads);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class Worksheet {
	    period: string;
	    label: string;
	    rows: TableRow[];
	    bridge: BridgeLine[];
	    warnings: Warning[];
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new Worksheet(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.label = source["label"];
	        this.rows = this.convertValues(source["rows"], TableRow);
	        this.bridge = this.convertValues(source["bridge"], BridgeLine);
	        this.warnings = this.convertValues(source["warnings"], Warning);
	        this.notes = source["notes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace ims {
	
	export class Claim {
	    known: boolean;
	    number?: string;
	    period?: string;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new Claim(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.known = source["known"];
	        this.number = source["number"];
	        this.period = source["period"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class LogEntry {
	    id: number;
	    at: string;
	    who: string;
	    section: string;
	    stin: string;
	    number: string;
	    rtnprd?: string;
	    prev_status: string;
	    action: string;
	    reason?: string;
	    reference_id?: string;
	    result: string;
	    error_code?: string;
	    message?: string;
	    finished_at?: string;
	    itc_red_req?: string;
	    declared?: gstapi.IMSDeclared;
	    remarks?: string;
	
	    static createFrom(source: any = {}) {
	        return new LogEntry(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.at = source["at"];
	        this.who = source["who"];
	        this.section = source["section"];
	        this.stin = source["stin"];
	        this.number = source["number"];
	        this.rtnprd = source["rtnprd"];
	        this.prev_status = source["prev_status"];
	        this.action = source["action"];
	        this.reason = source["reason"];
	        this.reference_id = source["reference_id"];
	        this.result = source["result"];
	        this.error_code = source["error_code"];
	        this.message = source["message"];
	        this.finished_at = source["finished_at"];
	        this.itc_red_req = source["itc_red_req"];
	        this.declared = this.convertValues(source["declared"], gstapi.IMSDeclared);
	        this.remarks = source["remarks"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Recommendation {
	    action: string;
	    reason: string;
	    itc_note?: string;
	    rule?: string;
	    figures?: string;
	
	    static createFrom(source: any = {}) {
	        return new Recommendation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.action = source["action"];
	        this.reason = source["reason"];
	        this.itc_note = source["itc_note"];
	        this.rule = source["rule"];
	        this.figures = source["figures"];
	    }
	}
	export class Record {
	    section: string;
	    stin: string;
	    rtnprd: string;
	    srcform: string;
	    number: string;
	    date: string;
	    date_iso: string;
	    orig_number?: string;
	    orig_date?: string;
	    inv_typ?: string;
	    action: string;
	    pos: string;
	    pending_blocked: boolean;
	    supplier_filed: boolean;
	    value: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    hash: string;
	    itc_red_req?: string;
	    itc_red_req_blocked?: boolean;
	    declared?: gstapi.IMSDeclared;
	    remarks?: string;
	    remarks_blocked?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Record(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.stin = source["stin"];
	        this.rtnprd = source["rtnprd"];
	        this.srcform = source["srcform"];
	        this.number = source["number"];
	        this.date = source["date"];
	        this.date_iso = source["date_iso"];
	        this.orig_number = source["orig_number"];
	        this.orig_date = source["orig_date"];
	        this.inv_typ = source["inv_typ"];
	        this.action = source["action"];
	        this.pos = source["pos"];
	        this.pending_blocked = source["pending_blocked"];
	        this.supplier_filed = source["supplier_filed"];
	        this.value = source["value"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.hash = source["hash"];
	        this.itc_red_req = source["itc_red_req"];
	        this.itc_red_req_blocked = source["itc_red_req_blocked"];
	        this.declared = this.convertValues(source["declared"], gstapi.IMSDeclared);
	        this.remarks = source["remarks"];
	        this.remarks_blocked = source["remarks_blocked"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Reduction {
	    itc_red_req: string;
	    declared?: gstapi.IMSDeclared;
	    working: string;
	
	    static createFrom(source: any = {}) {
	        return new Reduction(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.itc_red_req = source["itc_red_req"];
	        this.declared = this.convertValues(source["declared"], gstapi.IMSDeclared);
	        this.working = source["working"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace itcrisk {
	
	export class StatusTotal {
	    status: string;
	    count: number;
	    amount: number;
	
	    static createFrom(source: any = {}) {
	        return new StatusTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.status = source["status"];
	        this.count = source["count"];
	        this.amount = source["amount"];
	    }
	}
	export class RuleTotal {
	    rule: string;
	    title: string;
	    law: string;
	    count: number;
	    at_risk: number;
	    reclaim: number;
	    checked: boolean;
	
	    static createFrom(source: any = {}) {
	        return new RuleTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rule = source["rule"];
	        this.title = source["title"];
	        this.law = source["law"];
	        this.count = source["count"];
	        this.at_risk = source["at_risk"];
	        this.reclaim = source["reclaim"];
	        this.checked = source["checked"];
	    }
	}
	export class Item {
	    rule: string;
	    status: string;
	    date: string;
	    deadline: string;
	    return?: string;
	    supplier_gstin: string;
	    supplier_name?: string;
	    supplier_status?: string;
	    document_number: string;
	    document_date: string;
	    document_type: string;
	    period: string;
	    payment_date?: string;
	    amount: number;
	    action: string;
	    ref?: string;
	
	    static createFrom(source: any = {}) {
	        return new Item(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rule = source["rule"];
	        this.status = source["status"];
	        this.date = source["date"];
	        this.deadline = source["deadline"];
	        this.return = source["return"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.supplier_status = source["supplier_status"];
	        this.document_number = source["document_number"];
	        this.document_date = source["document_date"];
	        this.document_type = source["document_type"];
	        this.period = source["period"];
	        this.payment_date = source["payment_date"];
	        this.amount = source["amount"];
	        this.action = source["action"];
	        this.ref = source["ref"];
	    }
	}
	export class MonthGroup {
	    month: string;
	    label: string;
	    at_risk: number;
	    reclaim: number;
	    count: number;
	    items: Item[];
	    more?: number;
	
	    static createFrom(source: any = {}) {
	        return new MonthGroup(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.month = source["month"];
	        this.label = source["label"];
	        this.at_risk = source["at_risk"];
	        this.reclaim = source["reclaim"];
	        this.count = source["count"];
	        this.items = this.convertValues(source["items"], Item);
	        this.more = source["more"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Calendar {
	    fy: number;
	    fy_label: string;
	    today: string;
	    months: MonthGroup[];
	    rules: RuleTotal[];
	    at_risk: number;
	    reclaim: number;
	    count: number;
	    statuses: StatusTotal[];
	    listed: number;
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new Calendar(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.today = source["today"];
	        this.months = this.convertValues(source["months"], MonthGroup);
	        this.rules = this.convertValues(source["rules"], RuleTotal);
	        this.at_risk = source["at_risk"];
	        this.reclaim = source["reclaim"];
	        this.count = source["count"];
	        this.statuses = this.convertValues(source["statuses"], StatusTotal);
	        this.listed = source["listed"];
	        this.notes = source["notes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class Penalty {
	    what: string;
	    points: number;
	
	    static createFrom(source: any = {}) {
	        return new Penalty(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.what = source["what"];
	        this.points = source["points"];
	    }
	}
	
	export class SupplierScore {
	    supplier_gstin: string;
	    supplier_name?: string;
	    score: number;
	    grade: string;
	    filings: number;
	    late: number;
	    avg_lag_days: number;
	    max_lag_days: number;
	    quarterly?: boolean;
	    documents_2b: number;
	    tax_2b: number;
	    books: number;
	    books_tax: number;
	    missing_in_2b: number;
	    missing_tax: number;
	    mismatches: number;
	    mismatch_tax: number;
	    rejected: number;
	    rejected_tax: number;
	    unfiled_3b: number;
	    unfiled_3b_tax: number;
	    cancelled_on?: string;
	    suspended?: string;
	    registration_status?: string;
	    penalties: Penalty[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierScore(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.score = source["score"];
	        this.grade = source["grade"];
	        this.filings = source["filings"];
	        this.late = source["late"];
	        this.avg_lag_days = source["avg_lag_days"];
	        this.max_lag_days = source["max_lag_days"];
	        this.quarterly = source["quarterly"];
	        this.documents_2b = source["documents_2b"];
	        this.tax_2b = source["tax_2b"];
	        this.books = source["books"];
	        this.books_tax = source["books_tax"];
	        this.missing_in_2b = source["missing_in_2b"];
	        this.missing_tax = source["missing_tax"];
	        this.mismatches = source["mismatches"];
	        this.mismatch_tax = source["mismatch_tax"];
	        this.rejected = source["rejected"];
	        this.rejected_tax = source["rejected_tax"];
	        this.unfiled_3b = source["unfiled_3b"];
	        this.unfiled_3b_tax = source["unfiled_3b_tax"];
	        this.cancelled_on = source["cancelled_on"];
	        this.suspended = source["suspended"];
	        this.registration_status = source["registration_status"];
	        this.penalties = this.convertValues(source["penalties"], Penalty);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Scorecard {
	    fy: number;
	    fy_label: string;
	    today: string;
	    register: boolean;
	    formula: string;
	    rows: SupplierScore[];
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new Scorecard(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.today = source["today"];
	        this.register = source["register"];
	        this.formula = source["formula"];
	        this.rows = this.convertValues(source["rows"], SupplierScore);
	        this.notes = source["notes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	

}

export namespace lookup {
	
	export class BulkSummary {
	    total: number;
	    invalid: number;
	    duplicates: number;
	    unique: number;
	    from_cache: number;
	    paid_calls: number;
	    failed: number;
	    not_registered: number;
	    cancelled: boolean;
	
	    static createFrom(source: any = {}) {
	        return new BulkSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.total = source["total"];
	        this.invalid = source["invalid"];
	        this.duplicates = source["duplicates"];
	        this.unique = source["unique"];
	        this.from_cache = source["from_cache"];
	        this.paid_calls = source["paid_calls"];
	        this.failed = source["failed"];
	        this.not_registered = source["not_registered"];
	        this.cancelled = source["cancelled"];
	    }
	}

}

export namespace lookups {
	
	export class ApplicantView {
	    transaction_id: string;
	    timestamp: number;
	    name: string;
	    pan: string;
	    state: string;
	    goodsdetails?: string;
	    servicedetails?: string;
	    authstatus: string;
	    regdt: string;
	    candt?: string;
	    // Go type: gstapi
	    addtls: any;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ApplicantView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.name = source["name"];
	        this.pan = source["pan"];
	        this.state = source["state"];
	        this.goodsdetails = source["goodsdetails"];
	        this.servicedetails = source["servicedetails"];
	        this.authstatus = source["authstatus"];
	        this.regdt = source["regdt"];
	        this.candt = source["candt"];
	        this.addtls = this.convertValues(source["addtls"], null);
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class LookupRow {
	    row: number;
	    input: string;
	    gstin: string;
	    status: string;
	    legal_name: string;
	    trade_name: string;
	    reg_status: string;
	    reg_date: string;
	    cancel_date: string;
	    state: string;
	    constitution: string;
	    taxpayer_type: string;
	    einvoice: string;
	    address: string;
	    source: string;
	    fetched_at: string;
	    transaction_id: string;
	    note: string;
	    error_kind: string;
	    error: string;
	
	    static createFrom(source: any = {}) {
	        return new LookupRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.input = source["input"];
	        this.gstin = source["gstin"];
	        this.status = source["status"];
	        this.legal_name = source["legal_name"];
	        this.trade_name = source["trade_name"];
	        this.reg_status = source["reg_status"];
	        this.reg_date = source["reg_date"];
	        this.cancel_date = source["cancel_date"];
	        this.state = source["state"];
	        this.constitution = source["constitution"];
	        this.taxpayer_type = source["taxpayer_type"];
	        this.einvoice = source["einvoice"];
	        this.address = source["address"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	        this.transaction_id = source["transaction_id"];
	        this.note = source["note"];
	        this.error_kind = source["error_kind"];
	        this.error = source["error"];
	    }
	}
	export class BulkView {
	    rows: LookupRow[];
	    summary: lookup.BulkSummary;
	
	    static createFrom(source: any = {}) {
	        return new BulkView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], LookupRow);
	        this.summary = this.convertValues(source["summary"], lookup.BulkSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ChangedRow {
	    hash: string;
	    gstin: string;
	    name: string;
	    type: string;
	    label: string;
	    date: string;
	    state: string;
	
	    static createFrom(source: any = {}) {
	        return new ChangedRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.hash = source["hash"];
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.type = source["type"];
	        this.label = source["label"];
	        this.date = source["date"];
	        this.state = source["state"];
	    }
	}
	export class ChangedView {
	    date: string;
	    state: string;
	    total: number;
	    pages: number;
	    yours: ChangedRow[];
	    others: ChangedRow[];
	    by_type: Record<string, number>;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ChangedView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.date = source["date"];
	        this.state = source["state"];
	        this.total = source["total"];
	        this.pages = source["pages"];
	        this.yours = this.convertValues(source["yours"], ChangedRow);
	        this.others = this.convertValues(source["others"], ChangedRow);
	        this.by_type = source["by_type"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ContactCheckView {
	    enrolment: string;
	    mobile: string;
	    email: string;
	    transaction_id: string;
	
	    static createFrom(source: any = {}) {
	        return new ContactCheckView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.enrolment = source["enrolment"];
	        this.mobile = source["mobile"];
	        this.email = source["email"];
	        this.transaction_id = source["transaction_id"];
	    }
	}
	export class LookupDetail {
	    row: number;
	    input: string;
	    gstin: string;
	    status: string;
	    legal_name: string;
	    trade_name: string;
	    reg_status: string;
	    reg_date: string;
	    cancel_date: string;
	    state: string;
	    constitution: string;
	    taxpayer_type: string;
	    einvoice: string;
	    address: string;
	    source: string;
	    fetched_at: string;
	    transaction_id: string;
	    note: string;
	    error_kind: string;
	    error: string;
	    detail?: gstapi.SearchResult;
	    check?: gstin.GSTIN;
	
	    static createFrom(source: any = {}) {
	        return new LookupDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.input = source["input"];
	        this.gstin = source["gstin"];
	        this.status = source["status"];
	        this.legal_name = source["legal_name"];
	        this.trade_name = source["trade_name"];
	        this.reg_status = source["reg_status"];
	        this.reg_date = source["reg_date"];
	        this.cancel_date = source["cancel_date"];
	        this.state = source["state"];
	        this.constitution = source["constitution"];
	        this.taxpayer_type = source["taxpayer_type"];
	        this.einvoice = source["einvoice"];
	        this.address = source["address"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	        this.transaction_id = source["transaction_id"];
	        this.note = source["note"];
	        this.error_kind = source["error_kind"];
	        this.error = source["error"];
	        this.detail = this.convertValues(source["detail"], gstapi.SearchResult);
	        this.check = this.convertValues(source["check"], gstin.GSTIN);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class PreferenceView {
	    gstin: string;
	    fy: string;
	    quarters: Record<string, string>;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new PreferenceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.fy = source["fy"];
	        this.quarters = source["quarters"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	}

}

export namespace overview {
	
	export class Attention {
	    gstin: string;
	    name: string;
	    reason: string;
	    cancelled_on: string;
	    periods: string[];
	    tax: number;
	    registration_status?: string;
	
	    static createFrom(source: any = {}) {
	        return new Attention(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.reason = source["reason"];
	        this.cancelled_on = source["cancelled_on"];
	        this.periods = source["periods"];
	        this.tax = source["tax"];
	        this.registration_status = source["registration_status"];
	    }
	}
	export class WatchSummary {
	    checked_at: string;
	    from: string;
	    to: string;
	    suppliers: number;
	    changes: number;
	    high: number;
	    medium: number;
	    failed: number;
	    top: recon.WatchAlert[];
	
	    static createFrom(source: any = {}) {
	        return new WatchSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.checked_at = source["checked_at"];
	        this.from = source["from"];
	        this.to = source["to"];
	        this.suppliers = source["suppliers"];
	        this.changes = source["changes"];
	        this.high = source["high"];
	        this.medium = source["medium"];
	        this.failed = source["failed"];
	        this.top = this.convertValues(source["top"], recon.WatchAlert);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ReconGlance {
	    run_id: string;
	    from_period: string;
	    to_period: string;
	    created_at: string;
	    against: string;
	    itc_confident: number;
	    itc_review: number;
	    itc_at_risk: number;
	    undecided_rows: number;
	
	    static createFrom(source: any = {}) {
	        return new ReconGlance(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.from_period = source["from_period"];
	        this.to_period = source["to_period"];
	        this.created_at = source["created_at"];
	        this.against = source["against"];
	        this.itc_confident = source["itc_confident"];
	        this.itc_review = source["itc_review"];
	        this.itc_at_risk = source["itc_at_risk"];
	        this.undecided_rows = source["undecided_rows"];
	    }
	}
	export class Dashboard {
	    periods: gstr2a.PeriodInfo[];
	    itc: number;
	    attention_tax: number;
	    recon?: ReconGlance;
	    suppliers: number;
	    attention: Attention[];
	    latest_run?: payroll.Run;
	    runs: number;
	    known_gstins: number;
	    watch?: WatchSummary;
	
	    static createFrom(source: any = {}) {
	        return new Dashboard(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.periods = this.convertValues(source["periods"], gstr2a.PeriodInfo);
	        this.itc = source["itc"];
	        this.attention_tax = source["attention_tax"];
	        this.recon = this.convertValues(source["recon"], ReconGlance);
	        this.suppliers = source["suppliers"];
	        this.attention = this.convertValues(source["attention"], Attention);
	        this.latest_run = this.convertValues(source["latest_run"], payroll.Run);
	        this.runs = source["runs"];
	        this.known_gstins = source["known_gstins"];
	        this.watch = this.convertValues(source["watch"], WatchSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class DueItem {
	    kind: string;
	    what: string;
	    due: string;
	    overdue: boolean;
	    amount_rupees: number;
	    count: number;
	    note?: string;
	    period?: string;
	    area: string;
	
	    static createFrom(source: any = {}) {
	        return new DueItem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.what = source["what"];
	        this.due = source["due"];
	        this.overdue = source["overdue"];
	        this.amount_rupees = source["amount_rupees"];
	        this.count = source["count"];
	        this.note = source["note"];
	        this.period = source["period"];
	        this.area = source["area"];
	    }
	}
	export class IMSBacklog {
	    no_action: number;
	    no_action_rupees: number;
	    pending: number;
	    pending_rupees: number;
	
	    static createFrom(source: any = {}) {
	        return new IMSBacklog(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.no_action = source["no_action"];
	        this.no_action_rupees = source["no_action_rupees"];
	        this.pending = source["pending"];
	        this.pending_rupees = source["pending_rupees"];
	    }
	}
	export class MonthClaim {
	    period: string;
	    label: string;
	    have_2b: boolean;
	    net_itc: gstr3b.Heads;
	    reversed: gstr3b.Heads;
	    warnings: number;
	    negative_4c?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new MonthClaim(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.label = source["label"];
	        this.have_2b = source["have_2b"];
	        this.net_itc = this.convertValues(source["net_itc"], gstr3b.Heads);
	        this.reversed = this.convertValues(source["reversed"], gstr3b.Heads);
	        this.warnings = source["warnings"];
	        this.negative_4c = source["negative_4c"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PaletteHit {
	    kind: string;
	    title: string;
	    detail: string;
	    gstin?: string;
	    run_id?: string;
	    seq?: number;
	
	    static createFrom(source: any = {}) {
	        return new PaletteHit(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.title = source["title"];
	        this.detail = source["detail"];
	        this.gstin = source["gstin"];
	        this.run_id = source["run_id"];
	        this.seq = source["seq"];
	    }
	}
	
	
	export class Week {
	    today: string;
	    due: DueItem[];
	    claim?: MonthClaim;
	    ims: IMSBacklog;
	    rule37a_by_supplier: Record<string, number>;
	    rule37a_total: number;
	    rule37a_unread?: boolean;
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new Week(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.today = source["today"];
	        this.due = this.convertValues(source["due"], DueItem);
	        this.claim = this.convertValues(source["claim"], MonthClaim);
	        this.ims = this.convertValues(source["ims"], IMSBacklog);
	        this.rule37a_by_supplier = source["rule37a_by_supplier"];
	        this.rule37a_total = source["rule37a_total"];
	        this.rule37a_unread = source["rule37a_unread"];
	        this.notes = source["notes"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace payroll {
	
	export class Carried {
	    header: string;
	    key?: string;
	
	    static createFrom(source: any = {}) {
	        return new Carried(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.header = source["header"];
	        this.key = source["key"];
	    }
	}
	export class Change {
	    key: string;
	    name: string;
	    employee_code: string;
	    pan: string;
	    status: string;
	    from_tax: number;
	    to_tax: number;
	    from_tds: number;
	    to_tds: number;
	    from_monthly: number;
	    to_monthly: number;
	    from_regime: string;
	    to_regime: string;
	
	    static createFrom(source: any = {}) {
	        return new Change(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.name = source["name"];
	        this.employee_code = source["employee_code"];
	        this.pan = source["pan"];
	        this.status = source["status"];
	        this.from_tax = source["from_tax"];
	        this.to_tax = source["to_tax"];
	        this.from_tds = source["from_tds"];
	        this.to_tds = source["to_tds"];
	        this.from_monthly = source["from_monthly"];
	        this.to_monthly = source["to_monthly"];
	        this.from_regime = source["from_regime"];
	        this.to_regime = source["to_regime"];
	    }
	}
	export class Difference {
	    sheet: string;
	    key: string;
	    local: string;
	    remote: string;
	
	    static createFrom(source: any = {}) {
	        return new Difference(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.sheet = source["sheet"];
	        this.key = source["key"];
	        this.local = source["local"];
	        this.remote = source["remote"];
	    }
	}
	export class Check {
	    run_id: string;
	    seq: number;
	    // Go type: time
	    checked_at: any;
	    transaction_id: string;
	    response: number[];
	    differences: Difference[];
	
	    static createFrom(source: any = {}) {
	        return new Check(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.seq = source["seq"];
	        this.checked_at = this.convertValues(source["checked_at"], null);
	        this.transaction_id = source["transaction_id"];
	        this.response = source["response"];
	        this.differences = this.convertValues(source["differences"], Difference);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Totals {
	    employees: number;
	    new_count: number;
	    old_count: number;
	    new_tax: number;
	    old_tax: number;
	    recommended_tax: number;
	    saving: number;
	    tds: number;
	    deducted: number;
	    monthly: number;
	    over_deducted: number;
	    monthly_unknown: number;
	
	    static createFrom(source: any = {}) {
	        return new Totals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employees = source["employees"];
	        this.new_count = source["new_count"];
	        this.old_count = source["old_count"];
	        this.new_tax = source["new_tax"];
	        this.old_tax = source["old_tax"];
	        this.recommended_tax = source["recommended_tax"];
	        this.saving = source["saving"];
	        this.tds = source["tds"];
	        this.deducted = source["deducted"];
	        this.monthly = source["monthly"];
	        this.over_deducted = source["over_deducted"];
	        this.monthly_unknown = source["monthly_unknown"];
	    }
	}
	export class Run {
	    id: string;
	    workspace_id: string;
	    // Go type: time
	    created_at: any;
	    fy: number;
	    fy_label: string;
	    month: number;
	    source_name: string;
	    source_hash: string;
	    source_format: string;
	    source_rows: number;
	    skipped_rows: number;
	    totals: Totals;
	
	    static createFrom(source: any = {}) {
	        return new Run(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.created_at = this.convertValues(source["created_at"], null);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.month = source["month"];
	        this.source_name = source["source_name"];
	        this.source_hash = source["source_hash"];
	        this.source_format = source["source_format"];
	        this.source_rows = source["source_rows"];
	        this.skipped_rows = source["skipped_rows"];
	        this.totals = this.convertValues(source["totals"], Totals);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Comparison {
	    from: Run;
	    to: Run;
	    changes: Change[];
	    added: number;
	    removed: number;
	    changed: number;
	    unchanged: number;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = this.convertValues(source["from"], Run);
	        this.to = this.convertValues(source["to"], Run);
	        this.changes = this.convertValues(source["changes"], Change);
	        this.added = source["added"];
	        this.removed = source["removed"];
	        this.changed = source["changed"];
	        this.unchanged = source["unchanged"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class Identity {
	    name: string;
	    employee_code: string;
	    pan: string;
	
	    static createFrom(source: any = {}) {
	        return new Identity(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.employee_code = source["employee_code"];
	        this.pan = source["pan"];
	    }
	}
	export class Match {
	    index: number;
	    column: string;
	    header: string;
	    key: string;
	    how: string;
	    duplicate?: string;
	    duplicate_of?: string;
	
	    static createFrom(source: any = {}) {
	        return new Match(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.index = source["index"];
	        this.column = source["column"];
	        this.header = source["header"];
	        this.key = source["key"];
	        this.how = source["how"];
	        this.duplicate = source["duplicate"];
	        this.duplicate_of = source["duplicate_of"];
	    }
	}
	export class Row {
	    seq: number;
	    source_row: number;
	    name: string;
	    employee_code: string;
	    pan: string;
	    new_income: number;
	    new_tax: number;
	    new_tds: number;
	    old_income: number;
	    old_tax: number;
	    old_tds: number;
	    recommended: string;
	    saving: number;
	    deducted: number;
	    monthly: number;
	    regime: string;
	    over_deducted: number;
	    monthly_unknown: boolean;
	    carried: string[];
	
	    static createFrom(source: any = {}) {
	        return new Row(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.seq = source["seq"];
	        this.source_row = source["source_row"];
	        this.name = source["name"];
	        this.employee_code = source["employee_code"];
	        this.pan = source["pan"];
	        this.new_income = source["new_income"];
	        this.new_tax = source["new_tax"];
	        this.new_tds = source["new_tds"];
	        this.old_income = source["old_income"];
	        this.old_tax = source["old_tax"];
	        this.old_tds = source["old_tds"];
	        this.recommended = source["recommended"];
	        this.saving = source["saving"];
	        this.deducted = source["deducted"];
	        this.monthly = source["monthly"];
	        this.regime = source["regime"];
	        this.over_deducted = source["over_deducted"];
	        this.monthly_unknown = source["monthly_unknown"];
	        this.carried = source["carried"];
	    }
	}
	export class Page {
	    columns: Carried[];
	    rows: Row[];
	    total: number;
	    totals: Totals;
	
	    static createFrom(source: any = {}) {
	        return new Page(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.columns = this.convertValues(source["columns"], Carried);
	        this.rows = this.convertValues(source["rows"], Row);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Totals);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Problem {
	    file: string;
	    sheet?: string;
	    row: number;
	    column?: string;
	    header?: string;
	    value?: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new Problem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.sheet = source["sheet"];
	        this.row = source["row"];
	        this.column = source["column"];
	        this.header = source["header"];
	        this.value = source["value"];
	        this.message = source["message"];
	    }
	}
	export class Query {
	    filter: string;
	    regime: string;
	    sort: string;
	    desc: boolean;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new Query(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = source["filter"];
	        this.regime = source["regime"];
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	}
	
	
	export class Sheet {
	    employee: Identity;
	    row: number;
	    fy: string;
	    month: number;
	    explanation: tds.Explanation;
	    deducted: number;
	    regime: string;
	    schedule: tds.Instalment[];
	    over_deducted: number;
	    schedule_note: string;
	
	    static createFrom(source: any = {}) {
	        return new Sheet(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employee = this.convertValues(source["employee"], Identity);
	        this.row = source["row"];
	        this.fy = source["fy"];
	        this.month = source["month"];
	        this.explanation = this.convertValues(source["explanation"], tds.Explanation);
	        this.deducted = source["deducted"];
	        this.regime = source["regime"];
	        this.schedule = this.convertValues(source["schedule"], tds.Instalment);
	        this.over_deducted = source["over_deducted"];
	        this.schedule_note = source["schedule_note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Target {
	    key: string;
	    title: string;
	    description: string;
	    example: string;
	    required: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Target(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.title = source["title"];
	        this.description = source["description"];
	        this.example = source["example"];
	        this.required = source["required"];
	    }
	}

}

export namespace recon {
	
	export class Action {
	    row_key: string;
	    action: string;
	    fingerprint: string;
	    updated_at?: string;
	
	    static createFrom(source: any = {}) {
	        return new Action(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row_key = source["row_key"];
	        this.action = source["action"];
	        this.fingerprint = source["fingerprint"];
	        this.updated_at = source["updated_at"];
	    }
	}
	export class Invoice {
	    source: string;
	    row_ref: string;
	    supplier_gstin: string;
	    supplier_name?: string;
	    invoice_number: string;
	    invoice_date: string;
	    place_of_supply: string;
	    reverse_charge: boolean;
	    document_type: string;
	    inv_type?: string;
	    invoice_value: number;
	    taxable_value: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    period: string;
	    cfs?: string;
	    cfs3b?: string;
	    cancelled_on?: string;
	    payment_date?: string;
	    port_code?: string;
	    itc_eligible?: string;
	    duplicate_of?: string;
	
	    static createFrom(source: any = {}) {
	        return new Invoice(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.row_ref = source["row_ref"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.invoice_number = source["invoice_number"];
	        this.invoice_date = source["invoice_date"];
	        this.place_of_supply = source["place_of_supply"];
	        this.reverse_charge = source["reverse_charge"];
	        this.document_type = source["document_type"];
	        this.inv_type = source["inv_type"];
	        this.invoice_value = source["invoice_value"];
	        this.taxable_value = source["taxable_value"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.period = source["period"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.payment_date = source["payment_date"];
	        this.port_code = source["port_code"];
	        this.itc_eligible = source["itc_eligible"];
	        this.duplicate_of = source["duplicate_of"];
	    }
	}
	export class Candidate {
	    invoice: Invoice;
	    norm: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new Candidate(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.invoice = this.convertValues(source["invoice"], Invoice);
	        this.norm = source["norm"];
	        this.reason = source["reason"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Comparison {
	    field: string;
	    books: string;
	    gstr2a: string;
	    diff?: string;
	    verdict: string;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.books = source["books"];
	        this.gstr2a = source["gstr2a"];
	        this.diff = source["diff"];
	        this.verdict = source["verdict"];
	    }
	}
	export class Difference {
	    field: string;
	    books: string;
	    gstr2a: string;
	    diff?: string;
	    within_tolerance?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Difference(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.books = source["books"];
	        this.gstr2a = source["gstr2a"];
	        this.diff = source["diff"];
	        this.within_tolerance = source["within_tolerance"];
	    }
	}
	export class Row {
	    status: string;
	    books?: Invoice;
	    gstr2a?: Invoice;
	    rule: string;
	    rule_id: string;
	    norm_books: string;
	    norm_gstr2a: string;
	    differences: Difference[];
	    candidates?: Candidate[];
	    period: string;
	    key: string;
	    action?: string;
	    changed_since_action?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Row(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.status = source["status"];
	        this.books = this.convertValues(source["books"], Invoice);
	        this.gstr2a = this.convertValues(source["gstr2a"], Invoice);
	        this.rule = source["rule"];
	        this.rule_id = source["rule_id"];
	        this.norm_books = source["norm_books"];
	        this.norm_gstr2a = source["norm_gstr2a"];
	        this.differences = this.convertValues(source["differences"], Difference);
	        this.candidates = this.convertValues(source["candidates"], Candidate);
	        this.period = source["period"];
	        this.key = source["key"];
	        this.action = source["action"];
	        this.changed_since_action = source["changed_since_action"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Explanation {
	    row: Row;
	    fields: Comparison[];
	    tolerance: number;
	    date_window_days: number;
	    books_id: string;
	    gstr2a_id: string;
	    candidate_ids: string[];
	    candidate_status: string[];
	
	    static createFrom(source: any = {}) {
	        return new Explanation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = this.convertValues(source["row"], Row);
	        this.fields = this.convertValues(source["fields"], Comparison);
	        this.tolerance = source["tolerance"];
	        this.date_window_days = source["date_window_days"];
	        this.books_id = source["books_id"];
	        this.gstr2a_id = source["gstr2a_id"];
	        this.candidate_ids = source["candidate_ids"];
	        this.candidate_status = source["candidate_status"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class ManualLink {
	    kind: string;
	    books: string;
	    gstr2a: string;
	
	    static createFrom(source: any = {}) {
	        return new ManualLink(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.books = source["books"];
	        this.gstr2a = source["gstr2a"];
	    }
	}
	export class Options {
	    amount_tolerance: number;
	    date_window_days: number;
	    combine_duplicates?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Options(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.amount_tolerance = source["amount_tolerance"];
	        this.date_window_days = source["date_window_days"];
	        this.combine_duplicates = source["combine_duplicates"];
	    }
	}
	export class StatusTotal {
	    status: string;
	    count: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new StatusTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.status = source["status"];
	        this.count = source["count"];
	        this.tax = source["tax"];
	    }
	}
	export class PeriodSummary {
	    period: string;
	    by_status: StatusTotal[];
	    itc_confident: number;
	    itc_review: number;
	    itc_at_risk: number;
	    risk_missing_in_2a: number;
	    risk_not_filed: number;
	    risk_cancelled: number;
	    risk_over_2a: number;
	    risk_not_eligible: number;
	    unclaimed_in_2a: number;
	    ignored_rows: number;
	    changed_rows: number;
	    undecided_rows: number;
	    supplier_issues: number;
	
	    static createFrom(source: any = {}) {
	        return new PeriodSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.by_status = this.convertValues(source["by_status"], StatusTotal);
	        this.itc_confident = source["itc_confident"];
	        this.itc_review = source["itc_review"];
	        this.itc_at_risk = source["itc_at_risk"];
	        this.risk_missing_in_2a = source["risk_missing_in_2a"];
	        this.risk_not_filed = source["risk_not_filed"];
	        this.risk_cancelled = source["risk_cancelled"];
	        this.risk_over_2a = source["risk_over_2a"];
	        this.risk_not_eligible = source["risk_not_eligible"];
	        this.unclaimed_in_2a = source["unclaimed_in_2a"];
	        this.ignored_rows = source["ignored_rows"];
	        this.changed_rows = source["changed_rows"];
	        this.undecided_rows = source["undecided_rows"];
	        this.supplier_issues = source["supplier_issues"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RegisterField {
	    key: string;
	    title: string;
	    required: boolean;
	    aliases: string[];
	
	    static createFrom(source: any = {}) {
	        return new RegisterField(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.title = source["title"];
	        this.required = source["required"];
	        this.aliases = source["aliases"];
	    }
	}
	
	export class RowError {
	    file: string;
	    sheet?: string;
	    row?: number;
	    column?: string;
	    value?: string;
	    expected: string;
	    warning?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new RowError(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.sheet = source["sheet"];
	        this.row = source["row"];
	        this.column = source["column"];
	        this.value = source["value"];
	        this.expected = source["expected"];
	        this.warning = source["warning"];
	    }
	}
	export class RowsTotals {
	    taxable: number;
	    books_tax: number;
	    gstr2a_tax: number;
	    difference: number;
	
	    static createFrom(source: any = {}) {
	        return new RowsTotals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.taxable = source["taxable"];
	        this.books_tax = source["books_tax"];
	        this.gstr2a_tax = source["gstr2a_tax"];
	        this.difference = source["difference"];
	    }
	}
	export class Run {
	    id: string;
	    workspace_id: string;
	    from_period: string;
	    to_period: string;
	    options: Options;
	    register_name: string;
	    register_sha256: string;
	    counts: Record<string, number>;
	    created_at: string;
	    pinned: boolean;
	    against: string;
	
	    static createFrom(source: any = {}) {
	        return new Run(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.from_period = source["from_period"];
	        this.to_period = source["to_period"];
	        this.options = this.convertValues(source["options"], Options);
	        this.register_name = source["register_name"];
	        this.register_sha256 = source["register_sha256"];
	        this.counts = source["counts"];
	        this.created_at = source["created_at"];
	        this.pinned = source["pinned"];
	        this.against = source["against"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RowsView {
	    run: Run;
	    counts: Record<string, number>;
	    changed: number;
	    decided: number;
	    total: number;
	    offset: number;
	    rows: Row[];
	    totals: RowsTotals;
	    names: Record<string, string>;
	    suppliers: Record<string, supplier.Identity>;
	
	    static createFrom(source: any = {}) {
	        return new RowsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], Run);
	        this.counts = source["counts"];
	        this.changed = source["changed"];
	        this.decided = source["decided"];
	        this.total = source["total"];
	        this.offset = source["offset"];
	        this.rows = this.convertValues(source["rows"], Row);
	        this.totals = this.convertValues(source["totals"], RowsTotals);
	        this.names = source["names"];
	        this.suppliers = this.convertValues(source["suppliers"], supplier.Identity, true);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class Summary {
	    periods: PeriodSummary[];
	    total: PeriodSummary;
	
	    static createFrom(source: any = {}) {
	        return new Summary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.periods = this.convertValues(source["periods"], PeriodSummary);
	        this.total = this.convertValues(source["total"], PeriodSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SupplierSummary {
	    gstin: string;
	    name: string;
	    by_status: StatusTotal[];
	    books_tax: number;
	    gstr2a_tax: number;
	    difference: number;
	    cfs: string;
	    cfs3b: string;
	    cancelled_on?: string;
	    risk: string;
	    risk_reasons: string[];
	    itc_at_risk: number;
	    registration_status?: string;
	
	    static createFrom(source: any = {}) {
	        return new SupplierSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.by_status = this.convertValues(source["by_status"], StatusTotal);
	        this.books_tax = source["books_tax"];
	        this.gstr2a_tax = source["gstr2a_tax"];
	        this.difference = source["difference"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.risk = source["risk"];
	        this.risk_reasons = source["risk_reasons"];
	        this.itc_at_risk = source["itc_at_risk"];
	        this.registration_status = source["registration_status"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class WatchAlert {
	    gstin: string;
	    name: string;
	    state: string;
	    type: string;
	    label: string;
	    date: string;
	    severity: string;
	    after: Invoice[];
	    tax_after: number;
	
	    static createFrom(source: any = {}) {
	        return new WatchAlert(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.state = source["state"];
	        this.type = source["type"];
	        this.label = source["label"];
	        this.date = source["date"];
	        this.severity = source["severity"];
	        this.after = this.convertValues(source["after"], Invoice);
	        this.tax_after = source["tax_after"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class WatchView {
	    from: string;
	    to: string;
	    states: string[];
	    suppliers: number;
	    checked: number;
	    failed: string[];
	    alerts: WatchAlert[];
	    stopped?: string;
	
	    static createFrom(source: any = {}) {
	        return new WatchView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = source["from"];
	        this.to = source["to"];
	        this.states = source["states"];
	        this.suppliers = source["suppliers"];
	        this.checked = source["checked"];
	        this.failed = source["failed"];
	        this.alerts = this.convertValues(source["alerts"], WatchAlert);
	        this.stopped = source["stopped"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace reconcile {
	
	export class ApplyLine {
	    supplier: string;
	    document: string;
	    section: string;
	    rtnprd?: string;
	    from?: string;
	    action: string;
	    reason: string;
	    result: string;
	    message?: string;
	    chosen?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ApplyLine(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.document = source["document"];
	        this.section = source["section"];
	        this.rtnprd = source["rtnprd"];
	        this.from = source["from"];
	        this.action = source["action"];
	        this.reason = source["reason"];
	        this.result = source["result"];
	        this.message = source["message"];
	        this.chosen = source["chosen"];
	    }
	}
	export class ClosedMonth {
	    period: string;
	    label: string;
	    documents: number;
	    still_listed: number;
	    actions: number;
	
	    static createFrom(source: any = {}) {
	        return new ClosedMonth(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.label = source["label"];
	        this.documents = source["documents"];
	        this.still_listed = source["still_listed"];
	        this.actions = source["actions"];
	    }
	}
	export class ApplyPlan {
	    what: string;
	    calls: number;
	    stored: number;
	    threshold: number;
	    ask: boolean;
	    actions: number;
	    closed?: ClosedMonth[];
	    notice?: string;
	
	    static createFrom(source: any = {}) {
	        return new ApplyPlan(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.what = source["what"];
	        this.calls = source["calls"];
	        this.stored = source["stored"];
	        this.threshold = source["threshold"];
	        this.ask = source["ask"];
	        this.actions = source["actions"];
	        this.closed = this.convertValues(source["closed"], ClosedMonth);
	        this.notice = source["notice"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class CalendarCounts {
	    looked_back?: string[];
	    settled_earlier: number;
	    claimed_earlier: number;
	    reported_late: number;
	    awaiting_supplier: number;
	    booked_later: number;
	    no_earlier_2b: number;
	    no_earlier_2b_months?: string[];
	
	    static createFrom(source: any = {}) {
	        return new CalendarCounts(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.looked_back = source["looked_back"];
	        this.settled_earlier = source["settled_earlier"];
	        this.claimed_earlier = source["claimed_earlier"];
	        this.reported_late = source["reported_late"];
	        this.awaiting_supplier = source["awaiting_supplier"];
	        this.booked_later = source["booked_later"];
	        this.no_earlier_2b = source["no_earlier_2b"];
	        this.no_earlier_2b_months = source["no_earlier_2b_months"];
	    }
	}
	export class ChaserFile {
	    supplier_gstin: string;
	    supplier_name?: string;
	    score: number;
	    documents: number;
	    path: string;
	    replaced?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ChaserFile(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_name = source["supplier_name"];
	        this.score = source["score"];
	        this.documents = source["documents"];
	        this.path = source["path"];
	        this.replaced = source["replaced"];
	    }
	}
	export class ChaserPackDone {
	    folder: string;
	    files: ChaserFile[];
	
	    static createFrom(source: any = {}) {
	        return new ChaserPackDone(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.folder = source["folder"];
	        this.files = this.convertValues(source["files"], ChaserFile);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ClaimRequest {
	    supplier_gstin: string;
	    document_number: string;
	    document_type?: string;
	    state: string;
	    period: string;
	    reason?: string;
	
	    static createFrom(source: any = {}) {
	        return new ClaimRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier_gstin = source["supplier_gstin"];
	        this.document_number = source["document_number"];
	        this.document_type = source["document_type"];
	        this.state = source["state"];
	        this.period = source["period"];
	        this.reason = source["reason"];
	    }
	}
	export class ClaimResult {
	    documents: gstr3b.StoredClaim[];
	    changed: number;
	
	    static createFrom(source: any = {}) {
	        return new ClaimResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.documents = this.convertValues(source["documents"], gstr3b.StoredClaim);
	        this.changed = source["changed"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class LedgerOpening {
	    ledger: string;
	    period: string;
	    igst_rupees: string;
	    cgst_rupees: string;
	    sgst_rupees: string;
	    cess_rupees: string;
	    replace: boolean;
	
	    static createFrom(source: any = {}) {
	        return new LedgerOpening(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ledger = source["ledger"];
	        this.period = source["period"];
	        this.igst_rupees = source["igst_rupees"];
	        this.cgst_rupees = source["cgst_rupees"];
	        this.sgst_rupees = source["sgst_rupees"];
	        this.cess_rupees = source["cess_rupees"];
	        this.replace = source["replace"];
	    }
	}
	export class RegisterImport {
	    token: string;
	    file: string;
	    size: number;
	    headers: string[];
	    mapping: Record<string, string>;
	    saved: boolean;
	    confirm: boolean;
	    missing: string[];
	    errors: recon.RowError[];
	    error_count: number;
	    warning_count: number;
	    invoices: number;
	    first_date: string;
	    last_date: string;
	    sample: boolean;
	    duplicates: number;
	
	    static createFrom(source: any = {}) {
	        return new RegisterImport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.token = source["token"];
	        this.file = source["file"];
	        this.size = source["size"];
	        this.headers = source["headers"];
	        this.mapping = source["mapping"];
	        this.saved = source["saved"];
	        this.confirm = source["confirm"];
	        this.missing = source["missing"];
	        this.errors = this.convertValues(source["errors"], recon.RowError);
	        this.error_count = source["error_count"];
	        this.warning_count = source["warning_count"];
	        this.invoices = source["invoices"];
	        this.first_date = source["first_date"];
	        this.last_date = source["last_date"];
	        this.sample = source["sample"];
	        this.duplicates = source["duplicates"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class StripFigure {
	    key: string;
	    figure: string;
	    title: string;
	    explain: string;
	    count: number;
	    tax: gstr3b.Heads;
	    rupees: number;
	
	    static createFrom(source: any = {}) {
	        return new StripFigure(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.figure = source["figure"];
	        this.title = source["title"];
	        this.explain = source["explain"];
	        this.count = source["count"];
	        this.tax = this.convertValues(source["tax"], gstr3b.Heads);
	        this.rupees = source["rupees"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Table4Sheet {
	    period: string;
	    label: string;
	    rows: gstr3b.TableRow[];
	    bridge: gstr3b.BridgeLine[];
	    warnings: gstr3b.Warning[];
	    notes: string[];
	    snapshot_id?: string;
	    snapshot_from?: string;
	    run_id?: string;
	    run_created_at?: string;
	    register_name?: string;
	    ecrs?: gstr3b.LedgerMonth;
	    rcm?: gstr3b.LedgerMonth;
	
	    static createFrom(source: any = {}) {
	        return new Table4Sheet(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.label = source["label"];
	        this.rows = this.convertValues(source["rows"], gstr3b.TableRow);
	        this.bridge = this.convertValues(source["bridge"], gstr3b.BridgeLine);
	        this.warnings = this.convertValues(source["warnings"], gstr3b.Warning);
	        this.notes = source["notes"];
	        this.snapshot_id = source["snapshot_id"];
	        this.snapshot_from = source["snapshot_from"];
	        this.run_id = source["run_id"];
	        this.run_created_at = source["run_created_at"];
	        this.register_name = source["register_name"];
	        this.ecrs = this.convertValues(source["ecrs"], gstr3b.LedgerMonth);
	        this.rcm = this.convertValues(source["rcm"], gstr3b.LedgerMonth);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ThreeWayApply {
	    run_id: string;
	    lines: ApplyLine[];
	    calls: number;
	    closed?: ClosedMonth[];
	    notice?: string;
	
	    static createFrom(source: any = {}) {
	        return new ThreeWayApply(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.lines = this.convertValues(source["lines"], ApplyLine);
	        this.calls = source["calls"];
	        this.closed = this.convertValues(source["closed"], ClosedMonth);
	        this.notice = source["notice"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ThreeWaySummary {
	    figures: StripFigure[];
	    not_available: number;
	    not_available_count: number;
	    held_not_booked: number;
	    held_mismatch: number;
	    held_ims: number;
	    not_in_2b: number;
	    at_risk_parts: Record<string, number>;
	    not_in_table4: string;
	
	    static createFrom(source: any = {}) {
	        return new ThreeWaySummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.figures = this.convertValues(source["figures"], StripFigure);
	        this.not_available = source["not_available"];
	        this.not_available_count = source["not_available_count"];
	        this.held_not_booked = source["held_not_booked"];
	        this.held_mismatch = source["held_mismatch"];
	        this.held_ims = source["held_ims"];
	        this.not_in_2b = source["not_in_2b"];
	        this.at_risk_parts = source["at_risk_parts"];
	        this.not_in_table4 = source["not_in_table4"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ThreeWayRow {
	    status: string;
	    books?: recon.Invoice;
	    gstr2a?: recon.Invoice;
	    rule: string;
	    rule_id: string;
	    norm_books: string;
	    norm_gstr2a: string;
	    differences: recon.Difference[];
	    candidates?: recon.Candidate[];
	    period: string;
	    key: string;
	    action?: string;
	    changed_since_action?: boolean;
	    period_2b?: string;
	    section?: string;
	    ims_section?: string;
	    ims_period?: string;
	    in_ims: boolean;
	    ims_status?: string;
	    pending_blocked?: boolean;
	    recommended: ims.Recommendation;
	    choice?: string;
	    send: string;
	    timing?: string;
	    timing_note?: string;
	    age_days?: number;
	    claim_period?: string;
	    rate_flags?: string[];
	
	    static createFrom(source: any = {}) {
	        return new ThreeWayRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.status = source["status"];
	        this.books = this.convertValues(source["books"], recon.Invoice);
	        this.gstr2a = this.convertValues(source["gstr2a"], recon.Invoice);
	        this.rule = source["rule"];
	        this.rule_id = source["rule_id"];
	        this.norm_books = source["norm_books"];
	        this.norm_gstr2a = source["norm_gstr2a"];
	        this.differences = this.convertValues(source["differences"], recon.Difference);
	        this.candidates = this.convertValues(source["candidates"], recon.Candidate);
	        this.period = source["period"];
	        this.key = source["key"];
	        this.action = source["action"];
	        this.changed_since_action = source["changed_since_action"];
	        this.period_2b = source["period_2b"];
	        this.section = source["section"];
	        this.ims_section = source["ims_section"];
	        this.ims_period = source["ims_period"];
	        this.in_ims = source["in_ims"];
	        this.ims_status = source["ims_status"];
	        this.pending_blocked = source["pending_blocked"];
	        this.recommended = this.convertValues(source["recommended"], ims.Recommendation);
	        this.choice = source["choice"];
	        this.send = source["send"];
	        this.timing = source["timing"];
	        this.timing_note = source["timing_note"];
	        this.age_days = source["age_days"];
	        this.claim_period = source["claim_period"];
	        this.rate_flags = source["rate_flags"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ThreeWayResult {
	    from: string;
	    to: string;
	    rows: ThreeWayRow[];
	    snapshots: gstr2b.Snapshot[];
	    left_out: number;
	    no_gstr2b?: string[];
	    counts: Record<string, number>;
	    kinds?: Record<string, number>;
	    notices?: string[];
	    run_id?: string;
	    created_at?: string;
	    register_name?: string;
	    pinned?: boolean;
	    choices: number;
	    calendar: CalendarCounts;
	    rate_flags: number;
	    as_of?: string;
	    summary?: ThreeWaySummary;
	    ims_closed?: ClosedMonth[];
	    list_calls: number;
	
	    static createFrom(source: any = {}) {
	        return new ThreeWayResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = source["from"];
	        this.to = source["to"];
	        this.rows = this.convertValues(source["rows"], ThreeWayRow);
	        this.snapshots = this.convertValues(source["snapshots"], gstr2b.Snapshot);
	        this.left_out = source["left_out"];
	        this.no_gstr2b = source["no_gstr2b"];
	        this.counts = source["counts"];
	        this.kinds = source["kinds"];
	        this.notices = source["notices"];
	        this.run_id = source["run_id"];
	        this.created_at = source["created_at"];
	        this.register_name = source["register_name"];
	        this.pinned = source["pinned"];
	        this.choices = source["choices"];
	        this.calendar = this.convertValues(source["calendar"], CalendarCounts);
	        this.rate_flags = source["rate_flags"];
	        this.as_of = source["as_of"];
	        this.summary = this.convertValues(source["summary"], ThreeWaySummary);
	        this.ims_closed = this.convertValues(source["ims_closed"], ClosedMonth);
	        this.list_calls = source["list_calls"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class ThreeWayRunInfo {
	    id: string;
	    workspace_id: string;
	    from_period: string;
	    to_period: string;
	    options: recon.Options;
	    register_name: string;
	    register_sha256: string;
	    counts: Record<string, number>;
	    created_at: string;
	    pinned: boolean;
	    against: string;
	    recommended: Record<string, number>;
	    left_out: number;
	    no_gstr2b?: string[];
	    calendar: CalendarCounts;
	    summary?: ThreeWaySummary;
	    rows: number;
	
	    static createFrom(source: any = {}) {
	        return new ThreeWayRunInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.from_period = source["from_period"];
	        this.to_period = source["to_period"];
	        this.options = this.convertValues(source["options"], recon.Options);
	        this.register_name = source["register_name"];
	        this.register_sha256 = source["register_sha256"];
	        this.counts = source["counts"];
	        this.created_at = source["created_at"];
	        this.pinned = source["pinned"];
	        this.against = source["against"];
	        this.recommended = source["recommended"];
	        this.left_out = source["left_out"];
	        this.no_gstr2b = source["no_gstr2b"];
	        this.calendar = this.convertValues(source["calendar"], CalendarCounts);
	        this.summary = this.convertValues(source["summary"], ThreeWaySummary);
	        this.rows = source["rows"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace returns {
	
	export class Comparison {
	    from_id: string;
	    to_id: string;
	
	    static createFrom(source: any = {}) {
	        return new Comparison(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from_id = source["from_id"];
	        this.to_id = source["to_id"];
	    }
	}
	export class GSTR2BView {
	    snapshot: gstr2b.Snapshot;
	    summary: gstr2b.Summary;
	    sections: gstr2b.SectionCount[];
	    history: gstr2b.Snapshot[];
	    suppliers: Record<string, supplier.Identity>;
	
	    static createFrom(source: any = {}) {
	        return new GSTR2BView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.snapshot = this.convertValues(source["snapshot"], gstr2b.Snapshot);
	        this.summary = this.convertValues(source["summary"], gstr2b.Summary);
	        this.sections = this.convertValues(source["sections"], gstr2b.SectionCount);
	        this.history = this.convertValues(source["history"], gstr2b.Snapshot);
	        this.suppliers = this.convertValues(source["suppliers"], supplier.Identity, true);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IMSActionResult {
	    section: string;
	    stin: string;
	    number: string;
	    rtnprd?: string;
	    from?: string;
	    action: string;
	    reason?: string;
	    result: string;
	    error_code?: string;
	    message?: string;
	    reference_id?: string;
	
	    static createFrom(source: any = {}) {
	        return new IMSActionResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.stin = source["stin"];
	        this.number = source["number"];
	        this.rtnprd = source["rtnprd"];
	        this.from = source["from"];
	        this.action = source["action"];
	        this.reason = source["reason"];
	        this.result = source["result"];
	        this.error_code = source["error_code"];
	        this.message = source["message"];
	        this.reference_id = source["reference_id"];
	    }
	}
	export class IMSApplyResult {
	    results: IMSActionResult[];
	    applied: number;
	    refused: number;
	    failed: number;
	    unknown: number;
	    notice?: string;
	
	    static createFrom(source: any = {}) {
	        return new IMSApplyResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.results = this.convertValues(source["results"], IMSActionResult);
	        this.applied = source["applied"];
	        this.refused = source["refused"];
	        this.failed = source["failed"];
	        this.unknown = source["unknown"];
	        this.notice = source["notice"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IMSChangeRequest {
	    section: string;
	    stin: string;
	    number: string;
	    rtnprd?: string;
	    action: string;
	    reason: string;
	    itc_red_req?: string;
	    declared?: gstapi.IMSDeclared;
	    remarks?: string;
	    claim?: ims.Claim;
	
	    static createFrom(source: any = {}) {
	        return new IMSChangeRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.stin = source["stin"];
	        this.number = source["number"];
	        this.rtnprd = source["rtnprd"];
	        this.action = source["action"];
	        this.reason = source["reason"];
	        this.itc_red_req = source["itc_red_req"];
	        this.declared = this.convertValues(source["declared"], gstapi.IMSDeclared);
	        this.remarks = source["remarks"];
	        this.claim = this.convertValues(source["claim"], ims.Claim);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IMSRow {
	    section: string;
	    stin: string;
	    rtnprd: string;
	    srcform: string;
	    number: string;
	    date: string;
	    date_iso: string;
	    orig_number?: string;
	    orig_date?: string;
	    inv_typ?: string;
	    action: string;
	    pos: string;
	    pending_blocked: boolean;
	    supplier_filed: boolean;
	    value: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    hash: string;
	    itc_red_req?: string;
	    itc_red_req_blocked?: boolean;
	    declared?: gstapi.IMSDeclared;
	    remarks?: string;
	    remarks_blocked?: boolean;
	    name?: string;
	    proposal?: ims.Reduction;
	    deemed_accepted?: string;
	
	    static createFrom(source: any = {}) {
	        return new IMSRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.section = source["section"];
	        this.stin = source["stin"];
	        this.rtnprd = source["rtnprd"];
	        this.srcform = source["srcform"];
	        this.number = source["number"];
	        this.date = source["date"];
	        this.date_iso = source["date_iso"];
	        this.orig_number = source["orig_number"];
	        this.orig_date = source["orig_date"];
	        this.inv_typ = source["inv_typ"];
	        this.action = source["action"];
	        this.pos = source["pos"];
	        this.pending_blocked = source["pending_blocked"];
	        this.supplier_filed = source["supplier_filed"];
	        this.value = source["value"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.hash = source["hash"];
	        this.itc_red_req = source["itc_red_req"];
	        this.itc_red_req_blocked = source["itc_red_req_blocked"];
	        this.declared = this.convertValues(source["declared"], gstapi.IMSDeclared);
	        this.remarks = source["remarks"];
	        this.remarks_blocked = source["remarks_blocked"];
	        this.name = source["name"];
	        this.proposal = this.convertValues(source["proposal"], ims.Reduction);
	        this.deemed_accepted = source["deemed_accepted"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IMSView {
	    rows: IMSRow[];
	    listed_at?: string;
	    notices: string[];
	
	    static createFrom(source: any = {}) {
	        return new IMSView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], IMSRow);
	        this.listed_at = source["listed_at"];
	        this.notices = source["notices"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ImportResult {
	    kind: string;
	    file: string;
	    gstin: string;
	    period: string;
	    snapshot_id: string;
	    documents: number;
	    suppliers: number;
	    shape?: string;
	    notice?: string;
	    notices: string[];
	
	    static createFrom(source: any = {}) {
	        return new ImportResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.file = source["file"];
	        this.gstin = source["gstin"];
	        this.period = source["period"];
	        this.snapshot_id = source["snapshot_id"];
	        this.documents = source["documents"];
	        this.suppliers = source["suppliers"];
	        this.shape = source["shape"];
	        this.notice = source["notice"];
	        this.notices = source["notices"];
	    }
	}
	export class Pull2BResult {
	    period: string;
	    status: string;
	    snapshot_id?: string;
	    documents: number;
	    rejected: number;
	    reversed?: number;
	    suppliers: number;
	    files?: number;
	    shape?: string;
	    transaction_id?: string;
	    fetched_at?: string;
	    expected_by?: string;
	    notice?: string;
	    error?: apperr.Error;
	
	    static createFrom(source: any = {}) {
	        return new Pull2BResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.status = source["status"];
	        this.snapshot_id = source["snapshot_id"];
	        this.documents = source["documents"];
	        this.rejected = source["rejected"];
	        this.reversed = source["reversed"];
	        this.suppliers = source["suppliers"];
	        this.files = source["files"];
	        this.shape = source["shape"];
	        this.transaction_id = source["transaction_id"];
	        this.fetched_at = source["fetched_at"];
	        this.expected_by = source["expected_by"];
	        this.notice = source["notice"];
	        this.error = this.convertValues(source["error"], apperr.Error);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PullRequest {
	    gstin: string;
	    periods: string[];
	    supplier: string;
	    from: string;
	
	    static createFrom(source: any = {}) {
	        return new PullRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.periods = source["periods"];
	        this.supplier = source["supplier"];
	        this.from = source["from"];
	    }
	}
	export class PullResult {
	    period: string;
	    status: string;
	    snapshot_id?: string;
	    invoices: number;
	    suppliers: number;
	    transaction_id?: string;
	    fetched_at?: string;
	    notice?: string;
	    error?: apperr.Error;
	
	    static createFrom(source: any = {}) {
	        return new PullResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.status = source["status"];
	        this.snapshot_id = source["snapshot_id"];
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.transaction_id = source["transaction_id"];
	        this.fetched_at = source["fetched_at"];
	        this.notice = source["notice"];
	        this.error = this.convertValues(source["error"], apperr.Error);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RegenerateResult {
	    period: string;
	    reference_id: string;
	    pull: Pull2BResult;
	
	    static createFrom(source: any = {}) {
	        return new RegenerateResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.reference_id = source["reference_id"];
	        this.pull = this.convertValues(source["pull"], Pull2BResult);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SessionView {
	    gstin: string;
	    username: string;
	    active: boolean;
	    session_expiry: string;
	    warning?: string;
	    from_env: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SessionView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.username = source["username"];
	        this.active = source["active"];
	        this.session_expiry = source["session_expiry"];
	        this.warning = source["warning"];
	        this.from_env = source["from_env"];
	    }
	}

}

export namespace salary {
	
	export class TDSFormsDone {
	    folder: string;
	    files: string[];
	    employees: number;
	    renamed: string[];
	
	    static createFrom(source: any = {}) {
	        return new TDSFormsDone(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.folder = source["folder"];
	        this.files = source["files"];
	        this.employees = source["employees"];
	        this.renamed = source["renamed"];
	    }
	}
	export class TDSImport {
	    token: string;
	    file: string;
	    format: string;
	    sheet: string;
	    hash: string;
	    size: number;
	    columns: payroll.Match[];
	    missing: string[];
	    problems: payroll.Problem[];
	    problem_count: number;
	    bad_rows: number;
	    rows: number;
	    warnings: string[];
	    employees: number;
	
	    static createFrom(source: any = {}) {
	        return new TDSImport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.token = source["token"];
	        this.file = source["file"];
	        this.format = source["format"];
	        this.sheet = source["sheet"];
	        this.hash = source["hash"];
	        this.size = source["size"];
	        this.columns = this.convertValues(source["columns"], payroll.Match);
	        this.missing = source["missing"];
	        this.problems = this.convertValues(source["problems"], payroll.Problem);
	        this.problem_count = source["problem_count"];
	        this.bad_rows = source["bad_rows"];
	        this.rows = source["rows"];
	        this.warnings = source["warnings"];
	        this.employees = source["employees"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class TDSSheet {
	    run: payroll.Run;
	    seq: number;
	    sheet: payroll.Sheet;
	    checks: payroll.Check[];
	
	    static createFrom(source: any = {}) {
	        return new TDSSheet(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], payroll.Run);
	        this.seq = source["seq"];
	        this.sheet = this.convertValues(source["sheet"], payroll.Sheet);
	        this.checks = this.convertValues(source["checks"], payroll.Check);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace store {
	
	export class Workspace {
	    id: string;
	    name: string;
	    gstin: string;
	    environment: string;
	    base_url: string;
	    created_at: string;
	    last_used_at: string;
	
	    static createFrom(source: any = {}) {
	        return new Workspace(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.gstin = source["gstin"];
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	        this.created_at = source["created_at"];
	        this.last_used_at = source["last_used_at"];
	    }
	}

}

export namespace supplier {
	
	export class Identity {
	    gstin: string;
	    name?: string;
	    status?: string;
	    cancelled_on?: string;
	
	    static createFrom(source: any = {}) {
	        return new Identity(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.status = source["status"];
	        this.cancelled_on = source["cancelled_on"];
	    }
	}

}

export namespace tds {
	
	export class Line {
	    label: string;
	    amount: number;
	    section?: string;
	    note?: string;
	    heading?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Line(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.label = source["label"];
	        this.amount = source["amount"];
	        this.section = source["section"];
	        this.note = source["note"];
	        this.heading = source["heading"];
	    }
	}
	export class RegimeResult {
	    regime: string;
	    income_tax_payable: number;
	    surcharge: number;
	    health_and_education_cess: number;
	    tds_on_salary: number;
	    relief_us_87_a: number;
	    gross_total_income: number;
	    chapter_via: number;
	    total_income: number;
	    tax_on_total_income: number;
	    liability: number;
	    pan_rate_applied: boolean;
	    surcharge_relief: number;
	    marginal_relief_87_a: boolean;
	
	    static createFrom(source: any = {}) {
	        return new RegimeResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.regime = source["regime"];
	        this.income_tax_payable = source["income_tax_payable"];
	        this.surcharge = source["surcharge"];
	        this.health_and_education_cess = source["health_and_education_cess"];
	        this.tds_on_salary = source["tds_on_salary"];
	        this.relief_us_87_a = source["relief_us_87_a"];
	        this.gross_total_income = source["gross_total_income"];
	        this.chapter_via = source["chapter_via"];
	        this.total_income = source["total_income"];
	        this.tax_on_total_income = source["tax_on_total_income"];
	        this.liability = source["liability"];
	        this.pan_rate_applied = source["pan_rate_applied"];
	        this.surcharge_relief = source["surcharge_relief"];
	        this.marginal_relief_87_a = source["marginal_relief_87_a"];
	    }
	}
	export class Explanation {
	    fy: number;
	    // Go type: RegimeResult
	    new: any;
	    // Go type: RegimeResult
	    old: any;
	    recommended_regime: string;
	    saving: number;
	    new_lines: Line[];
	    old_lines: Line[];
	    break_even: number;
	    break_even_ok: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Explanation(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.new = this.convertValues(source["new"], null);
	        this.old = this.convertValues(source["old"], null);
	        this.recommended_regime = source["recommended_regime"];
	        this.saving = source["saving"];
	        this.new_lines = this.convertValues(source["new_lines"], Line);
	        this.old_lines = this.convertValues(source["old_lines"], Line);
	        this.break_even = source["break_even"];
	        this.break_even_ok = source["break_even_ok"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class HRA {
	    exempt: number;
	    hra_received: number;
	    rent_less_10_percent_of_salary: number;
	    salary_share: number;
	    salary_share_pct: number;
	    city: string;
	    listed_city: boolean;
	    rule: string;
	    limit: string;
	
	    static createFrom(source: any = {}) {
	        return new HRA(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.exempt = source["exempt"];
	        this.hra_received = source["hra_received"];
	        this.rent_less_10_percent_of_salary = source["rent_less_10_percent_of_salary"];
	        this.salary_share = source["salary_share"];
	        this.salary_share_pct = source["salary_share_pct"];
	        this.city = source["city"];
	        this.listed_city = source["listed_city"];
	        this.rule = source["rule"];
	        this.limit = source["limit"];
	    }
	}
	export class Instalment {
	    month: number;
	    amount: number;
	
	    static createFrom(source: any = {}) {
	        return new Instalment(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.month = source["month"];
	        this.amount = source["amount"];
	    }
	}

}

export namespace tdsyear {
	
	export class Change {
	    employee: string;
	    fields: string[];
	
	    static createFrom(source: any = {}) {
	        return new Change(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employee = source["employee"];
	        this.fields = source["fields"];
	    }
	}
	export class Diff {
	    replaced: boolean;
	    added: string[];
	    removed: string[];
	    changed: Change[];
	
	    static createFrom(source: any = {}) {
	        return new Diff(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.replaced = source["replaced"];
	        this.added = source["added"];
	        this.removed = source["removed"];
	        this.changed = this.convertValues(source["changed"], Change);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Employer {
	    fy: number;
	    fy_label: string;
	    name: string;
	    tan: string;
	    pan: string;
	    address: string;
	    responsible: string;
	    designation: string;
	    // Go type: time
	    updated_at: any;
	
	    static createFrom(source: any = {}) {
	        return new Employer(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.name = source["name"];
	        this.tan = source["tan"];
	        this.pan = source["pan"];
	        this.address = source["address"];
	        this.responsible = source["responsible"];
	        this.designation = source["designation"];
	        this.updated_at = this.convertValues(source["updated_at"], null);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Month {
	    month: number;
	    month_label: string;
	    file: string;
	    // Go type: time
	    imported_at: any;
	    employees: number;
	    tds: number;
	    deducted: number;
	
	    static createFrom(source: any = {}) {
	        return new Month(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.month = source["month"];
	        this.month_label = source["month_label"];
	        this.file = source["file"];
	        this.imported_at = this.convertValues(source["imported_at"], null);
	        this.employees = source["employees"];
	        this.tds = source["tds"];
	        this.deducted = source["deducted"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Totals {
	    employees: number;
	    annual_liability: number;
	    deducted_before: number;
	    tds_this_month: number;
	    deducted_this_month: number;
	    remaining: number;
	    over_deducted: number;
	    over_count: number;
	
	    static createFrom(source: any = {}) {
	        return new Totals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employees = source["employees"];
	        this.annual_liability = source["annual_liability"];
	        this.deducted_before = source["deducted_before"];
	        this.tds_this_month = source["tds_this_month"];
	        this.deducted_this_month = source["deducted_this_month"];
	        this.remaining = source["remaining"];
	        this.over_deducted = source["over_deducted"];
	        this.over_count = source["over_count"];
	    }
	}
	export class MonthResult {
	    fy: number;
	    fy_label: string;
	    month: number;
	    month_label: string;
	    file: string;
	    hash: string;
	    employees: number;
	    totals: Totals;
	    diff: Diff;
	    warnings: string[];
	    problems: payroll.Problem[];
	    recomputed: string[];
	
	    static createFrom(source: any = {}) {
	        return new MonthResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.fy_label = source["fy_label"];
	        this.month = source["month"];
	        this.month_label = source["month_label"];
	        this.file = source["file"];
	        this.hash = source["hash"];
	        this.employees = source["employees"];
	        this.totals = this.convertValues(source["totals"], Totals);
	        this.diff = this.convertValues(source["diff"], Diff);
	        this.warnings = source["warnings"];
	        this.problems = this.convertValues(source["problems"], payroll.Problem);
	        this.recomputed = source["recomputed"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Query {
	    filter: string;
	    only: string;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new Query(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = source["filter"];
	        this.only = source["only"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	    }
	}
	export class RegisterRow {
	    employee: string;
	    name: string;
	    pan: string;
	    month: number;
	    regime: string;
	    projected_taxable_income: number;
	    annual_liability: number;
	    deducted_before: number;
	    tds_this_month: number;
	    remaining: number;
	    over_deducted: number;
	    months_left: number;
	    new_liability: number;
	    old_liability: number;
	    recommended_regime: string;
	    deducted_this_month?: number;
	    previous_month_tds?: number;
	    change: number;
	    why: string[];
	    saving: number;
	    source_row: number;
	
	    static createFrom(source: any = {}) {
	        return new RegisterRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employee = source["employee"];
	        this.name = source["name"];
	        this.pan = source["pan"];
	        this.month = source["month"];
	        this.regime = source["regime"];
	        this.projected_taxable_income = source["projected_taxable_income"];
	        this.annual_liability = source["annual_liability"];
	        this.deducted_before = source["deducted_before"];
	        this.tds_this_month = source["tds_this_month"];
	        this.remaining = source["remaining"];
	        this.over_deducted = source["over_deducted"];
	        this.months_left = source["months_left"];
	        this.new_liability = source["new_liability"];
	        this.old_liability = source["old_liability"];
	        this.recommended_regime = source["recommended_regime"];
	        this.deducted_this_month = source["deducted_this_month"];
	        this.previous_month_tds = source["previous_month_tds"];
	        this.change = source["change"];
	        this.why = source["why"];
	        this.saving = source["saving"];
	        this.source_row = source["source_row"];
	    }
	}
	export class Register {
	    fy: number;
	    month: number;
	    month_label: string;
	    rows: RegisterRow[];
	    total: number;
	    totals: Totals;
	
	    static createFrom(source: any = {}) {
	        return new Register(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.fy = source["fy"];
	        this.month = source["month"];
	        this.month_label = source["month_label"];
	        this.rows = this.convertValues(source["rows"], RegisterRow);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Totals);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class YTD {
	    employee: string;
	    name: string;
	    pan: string;
	    date_of_joining: string;
	    date_of_leaving: string;
	    regime: string;
	    months: number;
	    latest: number;
	    salary_17_1: number;
	    perquisites_17_2: number;
	    profits_17_3: number;
	    tds_deducted: number;
	    months_without_deducted: number;
	    annual_liability: number;
	    remaining: number;
	    over_deducted: number;
	
	    static createFrom(source: any = {}) {
	        return new YTD(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.employee = source["employee"];
	        this.name = source["name"];
	        this.pan = source["pan"];
	        this.date_of_joining = source["date_of_joining"];
	        this.date_of_leaving = source["date_of_leaving"];
	        this.regime = source["regime"];
	        this.months = source["months"];
	        this.latest = source["latest"];
	        this.salary_17_1 = source["salary_17_1"];
	        this.perquisites_17_2 = source["perquisites_17_2"];
	        this.profits_17_3 = source["profits_17_3"];
	        this.tds_deducted = source["tds_deducted"];
	        this.months_without_deducted = source["months_without_deducted"];
	        this.annual_liability = source["annual_liability"];
	        this.remaining = source["remaining"];
	        this.over_deducted = source["over_deducted"];
	    }
	}

}

export namespace workspaces {
	
	export class Info {
	    version: string;
	    workspace: store.Workspace;
	    environment: string;
	    demo: boolean;
	    built_in_demo: boolean;
	    base_url: string;
	    data_dir: string;
	    offline: boolean;
	    credentials: config.CredentialStatus;
	    calls_today: number;
	    notices: string[];
	
	    static createFrom(source: any = {}) {
	        return new Info(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.workspace = this.convertValues(source["workspace"], store.Workspace);
	        this.environment = source["environment"];
	        this.demo = source["demo"];
	        this.built_in_demo = source["built_in_demo"];
	        this.base_url = source["base_url"];
	        this.data_dir = source["data_dir"];
	        this.offline = source["offline"];
	        this.credentials = this.convertValues(source["credentials"], config.CredentialStatus);
	        this.calls_today = source["calls_today"];
	        this.notices = source["notices"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Spec {
	    name: string;
	    gstin: string;
	    environment: string;
	    base_url: string;
	
	    static createFrom(source: any = {}) {
	        return new Spec(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.gstin = source["gstin"];
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	    }
	}
	export class Usage {
	    gstr2a_pulls: number;
	    gstr2b_pulls: number;
	    ims_documents: number;
	    recon_runs: number;
	    payroll_runs: number;
	    tds_year_months: number;
	    decisions: number;
	    settings: number;
	
	    static createFrom(source: any = {}) {
	        return new Usage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstr2a_pulls = source["gstr2a_pulls"];
	        this.gstr2b_pulls = source["gstr2b_pulls"];
	        this.ims_documents = source["ims_documents"];
	        this.recon_runs = source["recon_runs"];
	        this.payroll_runs = source["payroll_runs"];
	        this.tds_year_months = source["tds_year_months"];
	        this.decisions = source["decisions"];
	        this.settings = source["settings"];
	    }
	}

}

